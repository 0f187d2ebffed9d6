import { REMOTE_MOUNTS } from '@portal/shared/routing';
import { preload } from '../platform/preload-queue';
import { loadRemoteRoutes } from './load-remote';

/** Starts loading the remote behind a locale-prefixed path (on hover or focus of a link to it). */
export function preloadPath(path: string): void {
  const segment = path.split('/')[2];
  const mount = REMOTE_MOUNTS.find((m) => m.path === segment);
  if (mount) preload(`remote:${mount.remote}`, () => loadRemoteRoutes(mount.remote));
}
