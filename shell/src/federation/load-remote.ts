import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  widgetModule,
  type DashboardWidget,
  type RemoteName,
  type RemoteRoutesModule,
  type RemoteWidgetModule,
} from '@portal/shared/routing';
import { reportRemoteFailure } from '../beacons/page-beacons';
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

// Loaded (or loading) exposed modules by `<remote>/<module>`; a failure is not kept.
const loaded = new Map<string, Promise<unknown>>();

/** Loads one exposed module of a remote once, checking its shape. */
function loadExposed<T>(remote: RemoteName, exposed: string, isValid: (value: unknown) => value is T, shape: string): Promise<T> {
  const key = `${remote}/${exposed.replace(/^\.\//, '')}`;
  let pending = loaded.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = (async () => {
      try {
        await startRegistry();
        const mod = await loadRemote<T>(key);
        if (!isValid(mod)) throw new Error(`${exposed} does not export ${shape}`);
        return mod;
      } catch (error) {
        loaded.delete(key);
        // Here rather than in the runtime plugin's errorLoadRemote: that fires twice for a manifest
        // that fails (afterResolve, then onLoad) and not at all for a module of the wrong shape; this
        // is once per load the buyer sees fail (the first screen's early start shares the promise).
        reportRemoteFailure(remote);
        throw new RemoteUnavailableError(remote, error);
      }
    })();
    loaded.set(key, pending);
  }
  return pending;
}

function isRoutesModule(value: unknown): value is RemoteRoutesModule {
  const mod = value as Partial<RemoteRoutesModule> | undefined;
  return Array.isArray(mod?.routes) && typeof mod?.loadMessages === 'function';
}

function isWidgetModule(value: unknown): value is RemoteWidgetModule {
  const mod = value as Partial<RemoteWidgetModule> | undefined;
  return typeof mod?.Widget === 'function' && typeof mod?.loadMessages === 'function';
}

/** Loads a remote's `./routes` module once; a failure is not cached, so a retry loads again. */
export function loadRemoteRoutes(remote: RemoteName): Promise<RemoteRoutesModule> {
  return loadExposed(remote, './routes', isRoutesModule, 'routes and loadMessages');
}

/** Loads a dashboard widget's module (`./widgets/<id>`) once; a failure is not cached. */
export function loadRemoteWidget(widget: DashboardWidget): Promise<RemoteWidgetModule> {
  return loadExposed(widget.remote, widgetModule(widget), isWidgetModule, 'Widget and loadMessages');
}

/** Forgets a remote's failed loads so that the next load fetches its manifest and entry again. */
export async function retryRemote(remote: RemoteName): Promise<void> {
  for (const key of loaded.keys()) if (key.startsWith(`${remote}/`)) loaded.delete(key);
  await resetRemote(remote).catch(() => undefined);
}
