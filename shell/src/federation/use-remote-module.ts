import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RemoteName } from '@portal/shared/routing';
import { retryRemote } from './load-remote';

/** Where loading an exposed module of a remote stands. */
export type RemoteModuleState<T> = { status: 'loading' } | { status: 'ready'; module: T } | { status: 'failed' };

/**
 * Loads an exposed module of a remote (its routes, or a dashboard widget) and offers a retry that
 * forgets the remote's failed loads first. `load` must keep its identity between renders (a
 * module-level function or a useCallback), or the hook would load again on every render.
 */
export function useRemoteModule<T>(remote: RemoteName, load: () => Promise<T>): { state: RemoteModuleState<T>; retry: () => Promise<void> } {
  const [attempt, setAttempt] = useState(0);
  // Each load (a new `load`, or a retry) has its own key; a result counts only for the current one,
  // so the state is "loading" again at once without a state reset in the effect.
  const key = useMemo(() => ({ load, attempt }), [load, attempt]);
  const [result, setResult] = useState<{ key: typeof key; state: RemoteModuleState<T> } | null>(null);
  const state: RemoteModuleState<T> = result?.key === key ? result.state : { status: 'loading' };

  useEffect(() => {
    let live = true;
    key.load().then(
      (module) => live && setResult({ key, state: { status: 'ready', module } }),
      () => live && setResult({ key, state: { status: 'failed' } }),
    );
    return () => {
      live = false;
    };
  }, [key]);

  const retry = useCallback(async () => {
    await retryRemote(remote);
    setAttempt((n) => n + 1);
  }, [remote]);

  return { state, retry };
}
