import { describe, expect, it } from 'vitest';
import { createSessionStore } from './session-store';
import type { CookieJar } from './token-cookie';
import { whenVisitorSessionSettled } from './when-visitor-session-settled';

// No cookie: the store starts without a session and writes none here.
const noCookies: CookieJar = { get: () => undefined, set: () => undefined, remove: () => undefined };

describe('whenVisitorSessionSettled', () => {
  it('resolves at once when no visitor session is pending', async () => {
    const store = createSessionStore({ cookies: noCookies });
    await expect(whenVisitorSessionSettled(store)).resolves.toBeUndefined();
  });

  it('waits while the grant is pending and resolves when it settles', async () => {
    const store = createSessionStore({ cookies: noCookies });
    store.getState().setVisitorSessionPending(true);
    let settled = false;
    const waiting = whenVisitorSessionSettled(store).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    store.getState().setVisitorSessionPending(false);
    await waiting;
    expect(settled).toBe(true);
  });
});
