// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';

const anonymous = vi.fn();
const configurePortalApi = vi.fn();
vi.mock('@portal/shared/api', () => ({ portalTokenClient: () => ({ anonymous, refresh: vi.fn() }), configurePortalApi }));

const { sessionStore, TOKENS_COOKIE_NAME } = await import('@portal/shared/session');
const { startPlatform } = await import('./start-platform');

// A token set whose access token names a user (not an anonymous visitor).
function userTokens(sub: string) {
  const payload = btoa(JSON.stringify({ sub, org: 'org-1', role: 'buyer' })).replace(/=+$/, '');
  return { access_token: `h.${payload}.s`, refresh_token: `rt-${sub}`, expires_in: 900, expires_at: Date.now() + 900_000 };
}

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
    await startPlatform();
    expect(sessionStore.getState().tokens?.refresh_token).toBe('rt-anon:1');
  });

  it('never overwrites a sign-in that happened while the anonymous grant was on its way', async () => {
    let answer!: (tokens: unknown) => void;
    anonymous.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const started = startPlatform();
    // Meanwhile the buyer signs in in another tab: only the shared cookie changes.
    Cookies.set(TOKENS_COOKIE_NAME, JSON.stringify(userTokens('user-7')), { path: '/' });
    answer(userTokens('anon:2'));
    await started;
    expect(JSON.parse(Cookies.get(TOKENS_COOKIE_NAME)!).refresh_token).toBe('rt-user-7');
  });

  it('goes on unauthenticated, with a warning, when the anonymous grant fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    anonymous.mockRejectedValue(new Error('down'));
    await startPlatform();
    expect(sessionStore.getState().hasSession).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('continuing unauthenticated'), expect.any(Error));
    warn.mockRestore();
  });

  it('does not wait for the anonymous grant itself; an authenticated API call made meanwhile waits and carries its token', async () => {
    let answer!: (tokens: unknown) => void;
    anonymous.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const started = startPlatform();
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

  it('leaves the API alone for a page that already has a session', async () => {
    sessionStore.getState().setTokens(userTokens('user-8'));
    await startPlatform();
    expect(anonymous).not.toHaveBeenCalled();
    expect(configurePortalApi).not.toHaveBeenCalled();
  });
});
