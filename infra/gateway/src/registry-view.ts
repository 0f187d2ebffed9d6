import type { Registry } from '@portal/shared/schemas';
import { inCanary } from './canary-bucket';

/**
 * The registry as one browser sees it: each remote's canary, when this identity's bucket is in it,
 * replaces the live version; the `canary` fields are removed either way. So the shell needs no canary
 * logic, its "new version available" poll compares plain versions, and browsers do not learn which
 * canaries run or at what share. A remote this browser gets as a canary says `release: 'canary'`, so
 * its reports and API calls can be told apart from the stable group's (decision 072).
 */
export function registryFor(registry: Registry, id: string): Registry {
  const remotes: Registry['remotes'] = {};
  for (const [name, { canary, ...live }] of Object.entries(registry.remotes)) {
    remotes[name] = canary && inCanary(name, id, canary.percent) ? { version: canary.version, manifest: canary.manifest, release: 'canary' } : live;
  }
  return { ...registry, remotes };
}

/** Whether any remote has a canary running (only then does a visitor need a bucket cookie). */
export function hasCanary(registry: Registry): boolean {
  return Object.values(registry.remotes).some((remote) => remote.canary !== undefined);
}
