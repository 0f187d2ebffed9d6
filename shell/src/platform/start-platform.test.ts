// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';

const anonymous = vi.fn();
const configurePortalApi = vi.fn();
vi.mock('@portal/shared/api', () => ({ portalTokenClient: () => ({ anonymous, refresh: vi.fn() }), configurePortalApi }));

const { sessionStore, TOKENS_COOKIE_NAME, whenVisitorSessionSettled } = await import('@portal/shared/session');
const { startPlatform } = await import('./start-platform');

// A token set whose access token names a user (not an anonymous visitor).
function userTokens(sub: string) {
  const payload = btoa(JSON.stringify({ sub, org: 'org-1', role: 'buyer' })).replace(/=+$/, '');
  return { access_token: `h.${payload}.s`, refresh_token: `rt-${sub}`, expires_in: 900, expires_at: Date.now() + 900_000 };
}

/** The first screen is already shown: the grant starts at once. */
const now = (task: () => void) => task();

afterEach(() => {
  sessionStore.getState().signOut();
  Cookies.remove(TOKENS_COOKIE_NAME, { path: '/' });
  anonymous.mockReset();
  configurePortalApi.mockReset();
});

describe('startPlatform', () => {
  it('gives a visitor an anonymous session', async () => {
    const visitor = { ...userTokens('anon:1'), access_token: `h.${btoa(JSON.stringify({ sub: 'anon:1', org: null, role: 'anonymous' }))}.s` };
    anonymous.mockResolvedValue(visitor);
    await startPlatform(now);
    expect(sessionStore.getState().tokens?.refresh_token).toBe('rt-anon:1');
  });

  it('never overwrites a sign-in that happened while the anonymous grant was on its way', async () => {
    let answer!: (tokens: unknown) => void;
    anonymous.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const started = startPlatform(now);
    // Meanwhile the buyer signs in in another tab: only the shared cookie changes.
    Cookies.set(TOKENS_COOKIE_NAME, JSON.stringify(userTokens('user-7')), { path: '/' });
    answer(userTokens('anon:2'));
    await started;
    expect(JSON.parse(Cookies.get(TOKENS_COOKIE_NAME)!).refresh_token).toBe('rt-user-7');
  });

  it('goes on unauthenticated, with a warning, when the anonymous grant fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    anonymous.mockRejectedValue(new Error('down'));
    await startPlatform(now);
    expect(sessionStore.getState().hasSession).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('continuing unauthenticated'), expect.any(Error));
    warn.mockRestore();
  });

  it('does not wait for the anonymous grant itself; an authenticated API call made meanwhile waits and carries its token', async () => {
    let answer!: (tokens: unknown) => void;
    anonymous.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const started = startPlatform(now);
    // startPlatform returned at once (the page renders); the API's token source is the waiting one.
    const { getAccessToken } = configurePortalApi.mock.calls.at(-1)![0] as { getAccessToken: () => Promise<string | undefined> };
    let token: string | undefined | null = null;
    const call = getAccessToken().then((t) => (token = t));
    await Promise.resolve();
    expect(token).toBeNull();
    const visitor = { ...userTokens('anon:3'), access_token: `h.${btoa(JSON.stringify({ sub: 'anon:3', org: null, role: 'anonymous' }))}.s` };
    answer(visitor);
    await Promise.all([started, call]);
    expect(token).toBe(visitor.access_token);
  });

  it('asks for the anonymous grant only once the first screen is shown; calls before that go without a token', async () => {
    let shown!: () => void;
    const visitor = { ...userTokens('anon:4'), access_token: `h.${btoa(JSON.stringify({ sub: 'anon:4', org: null, role: 'anonymous' }))}.s` };
    anonymous.mockResolvedValue(visitor);
    const started = startPlatform((task) => (shown = task));
    const { getAccessToken } = configurePortalApi.mock.calls.at(-1)![0] as { getAccessToken: () => Promise<string | undefined> };
    // A first-screen call (the catalogue) does not wait and does not start the grant.
    expect(await getAccessToken()).toBeUndefined();
    expect(anonymous).not.toHaveBeenCalled();
    shown();
    expect(anonymous).toHaveBeenCalledTimes(1);
    expect(await getAccessToken()).toBe(visitor.access_token);
    await started;
    expect(sessionStore.getState().kind).toBe('anonymous');
  });

  it('says a visitor session is pending from the start until the deferred grant has settled, so an early add to cart waits for it', async () => {
    let shown!: () => void;
    let answer!: (tokens: unknown) => void;
    anonymous.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const started = startPlatform((task) => (shown = task));
    expect(sessionStore.getState().visitorSessionPending).toBe(true);
    let sessionAtSettle: boolean | null = null;
    const waiting = whenVisitorSessionSettled().then(() => (sessionAtSettle = sessionStore.getState().hasSession));
    shown();
    await Promise.resolve();
    expect(sessionAtSettle).toBeNull();
    answer({ ...userTokens('anon:5'), access_token: `h.${btoa(JSON.stringify({ sub: 'anon:5', org: null, role: 'anonymous' }))}.s` });
    await Promise.all([started, waiting]);
    expect(sessionAtSettle).toBe(true);
    expect(sessionStore.getState().visitorSessionPending).toBe(false);
  });

  it('settles the pending visitor session when the grant fails, and when a sign-in came first', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    anonymous.mockRejectedValue(new Error('down'));
    await startPlatform(now);
    expect(sessionStore.getState().visitorSessionPending).toBe(false);
    warn.mockRestore();

    let shown!: () => void;
    const started = startPlatform((task) => (shown = task));
    sessionStore.getState().setTokens(userTokens('user-10'));
    shown();
    await started;
    expect(sessionStore.getState().visitorSessionPending).toBe(false);
  });

  it('gives no anonymous session to a visitor who signed in before the first screen was shown', async () => {
    let shown!: () => void;
    const started = startPlatform((task) => (shown = task));
    sessionStore.getState().setTokens(userTokens('user-9'));
    shown();
    await started;
    expect(anonymous).not.toHaveBeenCalled();
    expect(sessionStore.getState().tokens?.refresh_token).toBe('rt-user-9');
  });

  it('leaves the API alone for a page that already has a session', async () => {
    sessionStore.getState().setTokens(userTokens('user-8'));
    await startPlatform(now);
    expect(anonymous).not.toHaveBeenCalled();
    expect(configurePortalApi).not.toHaveBeenCalled();
  });
});
