import { modulePlugin } from '../../../http/module-plugin';
import { createOperationsFigures, SNAPSHOT_INTERVAL_MS } from './figures';
import { registerOperationsRoutes } from './operations.routes';
import { readCounters, readGauges } from './registry-reader';

export interface OperationsOptions {
  /** Whether this instance records metrics (METRICS_PORT set): without them there is nothing to read. */
  recording: boolean;
}

/** The staff's operations page's figures (decision 081): a snapshot of the counters a minute, for the windows. */
export default modulePlugin<OperationsOptions>({ name: 'operations' }, (api, options) => {
  if (!options.recording) return registerOperationsRoutes(api, api.routeRegistry, undefined);
  const figures = createOperationsFigures({ readCounters, readGauges, now: Date.now });
  let timer: NodeJS.Timeout | undefined;
  api.addHook('onReady', async () => {
    await figures.sample();
    timer = setInterval(() => void figures.sample().catch((err: unknown) => api.log.warn({ err }, 'operations snapshot failed')), SNAPSHOT_INTERVAL_MS);
    timer.unref();
  });
  api.addHook('onClose', async () => clearInterval(timer));
  registerOperationsRoutes(api, api.routeRegistry, figures);
});
