import { preload } from '../platform/preload-queue';
import { loadRemoteRoutes } from './load-remote';
import { mountOfPath } from './mount-of-path';

/** Starts loading the remote behind a locale-prefixed path (on hover or focus of a link to it). */
export function preloadPath(path: string): void {
  const mount = mountOfPath(path);
  if (mount) preload(`remote:${mount.remote}`, () => loadRemoteRoutes(mount.remote));
}
