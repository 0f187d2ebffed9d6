import { modulePlugin } from '../../../http/module-plugin';
import { createBeaconMetrics } from './beacon-metrics';
import { registerBeaconRoutes } from './beacons.routes';
import type { LiveVersions } from '../contract';
import { createVersionGate } from './version-gate';

export interface BeaconsOptions {
  /** The builds a browser may run now, from the deploy store (the gateway's process); none: a bounded first-seen set. */
  liveVersions?: LiveVersions;
}

export default modulePlugin<BeaconsOptions>({ name: 'beacons' }, (api, options) => {
  registerBeaconRoutes(api, api.routeRegistry, {
    metrics: createBeaconMetrics(),
    versions: createVersionGate(options.liveVersions),
    limit: { max: api.apiEnv.beaconRequestLimit, timeWindow: 60_000 },
    development: api.apiEnv.nodeEnv !== 'production',
  });
});
