import { useCallback, useEffect, useState } from 'react';
import type { RemoteName } from '@portal/shared/routing';
import { retryRemote } from './federation/load-remote';

/** Where loading an exposed module of a remote stands. */
export type RemoteModuleState<T> = { status: 'loading' } | { status: 'ready'; module: T } | { status: 'failed' };

/**
 * Loads an exposed module of a remote (its routes, or a dashboard widget) and offers a retry that
 * forgets the remote's failed loads first. `load` must keep its identity between renders (a
 * module-level function or a useCallback), or the hook would load again on every render.
 */
export function useRemoteModule<T>(remote: RemoteName, load: () => Promise<T>): { state: RemoteModuleState<T>; retry: () => Promise<void> } {
  const [state, setState] = useState<RemoteModuleState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (module) => live && setState({ status: 'ready', module }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  const retry = useCallback(async () => {
    await retryRemote(remote);
    setAttempt((n) => n + 1);
  }, [remote]);

  return { state, retry };
}
