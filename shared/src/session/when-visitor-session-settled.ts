// Waits out the shell's deferred anonymous grant (decision 027): resolves at once when none is
// pending, else when it has settled (granted or failed), so the caller then reads the session as it is.
import { sessionStore } from './session';
import type { SessionStore } from './session-store';

export function whenVisitorSessionSettled(store: SessionStore = sessionStore): Promise<void> {
  if (!store.getState().visitorSessionPending) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.subscribe((state) => {
      if (state.visitorSessionPending) return;
      stop();
      resolve();
    });
  });
}
