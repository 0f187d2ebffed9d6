import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemoteRoutesModule } from '@portal/shared/routing';
import { resetRemote, startRegistry } from './registry';

/** A remote could not be loaded (down, broken manifest, incompatible build). */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause?: unknown,
  ) {
    super(`remote "${remote}" is unavailable`, { cause });
    this.name = 'RemoteUnavailableError';
  }
}

const loaded = new Map<RemoteName, Promise<RemoteRoutesModule>>();

function isRoutesModule(value: unknown): value is RemoteRoutesModule {
  const mod = value as Partial<RemoteRoutesModule> | undefined;
  return Array.isArray(mod?.routes) && typeof mod?.loadMessages === 'function';
}

/** Loads a remote's `./routes` module once; a failure is not cached, so a retry loads again. */
export function loadRemoteRoutes(remote: RemoteName): Promise<RemoteRoutesModule> {
  let pending = loaded.get(remote);
  if (!pending) {
    pending = (async () => {
      try {
        await startRegistry();
        const mod = await loadRemote<RemoteRoutesModule>(`${remote}/routes`);
        if (!isRoutesModule(mod)) throw new Error('./routes does not export routes and loadMessages');
        return mod;
      } catch (error) {
        loaded.delete(remote);
        throw new RemoteUnavailableError(remote, error);
      }
    })();
    loaded.set(remote, pending);
  }
  return pending;
}

/** Forgets a failed remote so that the next load fetches its manifest and entry again. */
export async function retryRemote(remote: RemoteName): Promise<void> {
  loaded.delete(remote);
  await resetRemote(remote).catch(() => undefined);
}
