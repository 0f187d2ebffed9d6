import Cookies from 'js-cookie';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../bus/event-bus';
import type { PortalEvents } from '../bus/events';
import type { TokenSet } from '../schemas/oauth';
import { decodeAccessTokenClaims } from './access-token-claims';
import { sessionStore, SESSION_GLOBAL_KEY } from './session';
import { createSessionStore, EXPIRY_MARGIN_MS, REFRESH_FAILED_MESSAGE } from './session-store';
import { fakeAccessToken, fakeTokenSet } from './test-tokens';
import { TOKENS_COOKIE_NAME, type CookieJar } from './token-cookie';
import { useSession } from './use-session';

const NOW = 1_700_000_000_000;

function memoryJar(initial?: string) {
  const values = new Map<string, string>(initial ? [[TOKENS_COOKIE_NAME, initial]] : []);
  const jar: CookieJar & { set: ReturnType<typeof vi.fn>; remove: ReturnType<typeof vi.fn> } = {
    get: (name) => values.get(name),
    set: vi.fn((name: string, value: string) => values.set(name, value)),
    remove: vi.fn((name: string) => values.delete(name)),
  };
  return jar;
}

afterEach(() => {
  Cookies.remove(TOKENS_COOKIE_NAME, { path: '/' });
});

describe('session store: tokens and kind', () => {
  it('starts signed out without a cookie', () => {
    const store = createSessionStore({ cookies: memoryJar() });
    expect(store.getState()).toMatchObject({ tokens: null, kind: null, hasSession: false, isSignedIn: false });
  });

  it('restores the token set from the cookie', () => {
    const tokens = fakeTokenSet(NOW + 60_000);
    const store = createSessionStore({ cookies: memoryJar(JSON.stringify(tokens)) });
    expect(store.getState()).toMatchObject({ tokens, kind: 'user', isSignedIn: true });
    expect(store.getState().claims).toEqual({ sub: 'user-1', org: 'org-1', role: 'buyer' });
  });

  it('ignores a garbled cookie', () => {
    expect(createSessionStore({ cookies: memoryJar('{not json') }).getState().tokens).toBeNull();
    expect(createSessionStore({ cookies: memoryJar('{"access_token":1}') }).getState().tokens).toBeNull();
  });

  it('counts an anonymous grant as a session but not as signed in', () => {
    const store = createSessionStore({ cookies: memoryJar(), bus: createEventBus<PortalEvents>() });
    store.getState().setTokens(fakeTokenSet(NOW + 60_000, { sub: 'anon:s1', org: null, role: 'anonymous' }));
    expect(store.getState()).toMatchObject({ kind: 'anonymous', hasSession: true, isSignedIn: false });
  });

  it('announces signed-in and signed-out on the bus, and signOut clears the cookie', () => {
    const events: string[] = [];
    const bus = createEventBus<PortalEvents>();
    bus.on('session:signed-in', () => events.push('in'));
    bus.on('session:signed-out', () => events.push('out'));
    const cookies = memoryJar();
    const store = createSessionStore({ cookies, bus });
    store.getState().setTokens(fakeTokenSet(NOW + 60_000));
    store.getState().setTokens(fakeTokenSet(NOW + 120_000)); // still signed in: no second event
    store.getState().signOut();
    expect(events).toEqual(['in', 'out']);
    expect(store.getState()).toMatchObject({ tokens: null, isSignedIn: false });
    expect(cookies.get(TOKENS_COOKIE_NAME)).toBeUndefined();
    expect(cookies.remove).toHaveBeenCalledWith(TOKENS_COOKIE_NAME, { path: '/', sameSite: 'lax' });
  });
});

describe('token cookie', () => {
  it('is named tokens, JSON, path /, SameSite lax, and expires with the refresh token', () => {
    const cookies = memoryJar();
    const store = createSessionStore({ cookies, now: () => NOW, refreshTokenMaxAgeDays: 30, bus: createEventBus() });
    const tokens = fakeTokenSet(NOW + 900_000);
    store.getState().setTokens(tokens);
    expect(cookies.set).toHaveBeenCalledWith(TOKENS_COOKIE_NAME, JSON.stringify(tokens), {
      path: '/',
      sameSite: 'lax',
      expires: new Date(NOW + 30 * 86_400_000),
    });
  });

  it('expires after 12 hours by default, with the refresh token of the browser client (decision 016)', () => {
    const cookies = memoryJar();
    const store = createSessionStore({ cookies, now: () => NOW, bus: createEventBus() });
    store.getState().setTokens(fakeTokenSet(NOW + 900_000));
    expect(cookies.set).toHaveBeenCalledWith(TOKENS_COOKIE_NAME, expect.any(String), expect.objectContaining({ expires: new Date(NOW + 12 * 3_600_000) }));
  });

  it('is URI-encoded in document.cookie by the real js-cookie and read back', () => {
    const tokens = fakeTokenSet(NOW + 900_000);
    createSessionStore({ bus: createEventBus() }).getState().setTokens(tokens);
    const raw = document.cookie.split('; ').find((c) => c.startsWith(`${TOKENS_COOKIE_NAME}=`));
    expect(raw).toBeDefined();
    expect(raw).toContain('%22access_token%22');
    expect(raw).not.toContain('"');
    // A second store (another bundle, a reload) reads the same session back.
    expect(createSessionStore().getState().tokens).toEqual(tokens);
  });
});

describe('getValidAccessToken', () => {
  it('returns undefined without a session', async () => {
    await expect(createSessionStore({ cookies: memoryJar() }).getState().getValidAccessToken()).resolves.toBeUndefined();
  });

  it('returns the current token while it is valid, without refreshing', async () => {
    const refresh = vi.fn();
    const tokens = fakeTokenSet(NOW + EXPIRY_MARGIN_MS + 1);
    const store = createSessionStore({ cookies: memoryJar(JSON.stringify(tokens)), refresh, now: () => NOW });
    await expect(store.getState().getValidAccessToken()).resolves.toBe(tokens.access_token);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes an expired token once for many concurrent callers (single flight)', async () => {
    const fresh = fakeTokenSet(NOW + 900_000, {}, 'rt-2');
    let resolve!: (t: TokenSet) => void;
    const refresh = vi.fn(() => new Promise<TokenSet>((r) => (resolve = r)));
    const cookies = memoryJar(JSON.stringify(fakeTokenSet(NOW - 1)));
    const store = createSessionStore({ cookies, refresh, now: () => NOW, bus: createEventBus() });
    const calls = Array.from({ length: 5 }, () => store.getState().getValidAccessToken());
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('rt-1');
    resolve(fresh);
    await expect(Promise.all(calls)).resolves.toEqual(Array(5).fill(fresh.access_token));
    expect(store.getState().tokens).toEqual(fresh);
    expect(JSON.parse(cookies.get(TOKENS_COOKIE_NAME)!)).toEqual(fresh);
    // After it settles a later expiry triggers a new refresh.
    store.getState().setTokens(fakeTokenSet(NOW - 1, {}, 'rt-3'));
    refresh.mockImplementationOnce(async () => fakeTokenSet(NOW + 900_000, {}, 'rt-4'));
    await store.getState().getValidAccessToken();
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(refresh).toHaveBeenLastCalledWith('rt-3');
  });

  it('refreshNow refreshes a still-valid token (the dialog\'s "continue")', async () => {
    const refresh = vi.fn(async () => fakeTokenSet(NOW + 900_000, {}, 'rt-2'));
    const store = createSessionStore({ cookies: memoryJar(JSON.stringify(fakeTokenSet(NOW + 600_000))), refresh, now: () => NOW, bus: createEventBus() });
    await store.getState().refreshNow();
    expect(refresh).toHaveBeenCalledWith('rt-1');
    expect(store.getState().tokens?.refresh_token).toBe('rt-2');
  });

  it('adopts tokens another tab refreshed meanwhile instead of spending a spent refresh token', async () => {
    const refresh = vi.fn(async () => fakeTokenSet(NOW + 900_000, {}, 'rt-never'));
    const cookies = memoryJar(JSON.stringify(fakeTokenSet(NOW - 1)));
    const store = createSessionStore({ cookies, refresh, now: () => NOW, bus: createEventBus() });
    // The other tab rotated rt-1 into rt-2 and wrote the cookie; this tab still holds rt-1.
    const otherTab = fakeTokenSet(NOW + 900_000, {}, 'rt-2');
    cookies.set(TOKENS_COOKIE_NAME, JSON.stringify(otherTab), {});
    await expect(store.getState().getValidAccessToken()).resolves.toBe(otherTab.access_token);
    expect(refresh).not.toHaveBeenCalled();
    expect(store.getState().tokens?.refresh_token).toBe('rt-2');
  });

  it('runs the refresh under the cross-tab lock', async () => {
    const order: string[] = [];
    const withLock = async <T,>(name: string, task: () => Promise<T>) => {
      order.push(`lock:${name}`);
      const result = await task();
      order.push('unlock');
      return result;
    };
    const refresh = vi.fn(async () => {
      order.push('grant');
      return fakeTokenSet(NOW + 900_000, {}, 'rt-2');
    });
    const store = createSessionStore({ cookies: memoryJar(JSON.stringify(fakeTokenSet(NOW - 1))), refresh, now: () => NOW, bus: createEventBus(), withLock });
    await store.getState().getValidAccessToken();
    expect(order).toEqual(['lock:portal-token-refresh', 'grant', 'unlock']);
  });

  it('refreshes a token inside the expiry margin', async () => {
    const refresh = vi.fn(async () => fakeTokenSet(NOW + 900_000));
    const store = createSessionStore({
      cookies: memoryJar(JSON.stringify(fakeTokenSet(NOW + EXPIRY_MARGIN_MS - 1))),
      refresh,
      now: () => NOW,
      bus: createEventBus(),
    });
    await store.getState().getValidAccessToken();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('on failure clears the tokens, reports "Failed to refresh access token" to every caller', async () => {
    const signedOut = vi.fn();
    const bus = createEventBus<PortalEvents>();
    bus.on('session:signed-out', signedOut);
    const onRefreshFailed = vi.fn();
    const cookies = memoryJar(JSON.stringify(fakeTokenSet(NOW - 1)));
    const refresh = vi.fn(() => Promise.reject(new Error('invalid_grant')));
    const store = createSessionStore({ cookies, refresh, now: () => NOW, bus, onRefreshFailed });
    const results = await Promise.allSettled([store.getState().getValidAccessToken(), store.getState().getValidAccessToken()]);
    expect(refresh).toHaveBeenCalledTimes(1);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason.message).toBe(REFRESH_FAILED_MESSAGE);
    }
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ tokens: null, isSignedIn: false });
    expect(cookies.get(TOKENS_COOKIE_NAME)).toBeUndefined();
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('fails clearly when no token client was configured', async () => {
    const store = createSessionStore({ cookies: memoryJar(JSON.stringify(fakeTokenSet(NOW - 1))), now: () => NOW, bus: createEventBus(), onRefreshFailed: () => {} });
    await expect(store.getState().getValidAccessToken()).rejects.toThrow(REFRESH_FAILED_MESSAGE);
  });
});

describe('exchangeTokens (the organisation switch)', () => {
  it('replaces the tokens under the refresh lock and announces the new organisation once', async () => {
    const bus = createEventBus<PortalEvents>();
    const changed: (string | null)[] = [];
    bus.on('session:organisation-changed', ({ organisationId }) => changed.push(organisationId));
    const signedIn = vi.fn();
    bus.on('session:signed-in', signedIn);
    const locks: string[] = [];
    const withLock = async <T,>(name: string, task: () => Promise<T>) => {
      locks.push(name);
      return task();
    };
    const cookies = memoryJar(JSON.stringify(fakeTokenSet(NOW + 60_000)));
    const store = createSessionStore({ cookies, now: () => NOW, bus, withLock });
    const next = fakeTokenSet(NOW + 900_000, { org: 'org-2' }, 'rt-2');
    const exchange = vi.fn(async () => next);
    await store.getState().exchangeTokens(exchange);
    expect(exchange).toHaveBeenCalledWith(fakeTokenSet(NOW + 60_000));
    expect(locks).toEqual(['portal-token-refresh']);
    expect(store.getState().claims?.org).toBe('org-2');
    expect(JSON.parse(cookies.get(TOKENS_COOKIE_NAME)!)).toEqual(next);
    expect(changed).toEqual(['org-2']);
    expect(signedIn).not.toHaveBeenCalled();
    // A refresh in the same organisation announces nothing.
    store.getState().setTokens(fakeTokenSet(NOW + 900_000, { org: 'org-2' }, 'rt-3'));
    expect(changed).toEqual(['org-2']);
  });

  it('leaves the session as it was when the exchange fails', async () => {
    const tokens = fakeTokenSet(NOW + 60_000);
    const store = createSessionStore({ cookies: memoryJar(JSON.stringify(tokens)), now: () => NOW, bus: createEventBus(), withLock: (_n, task) => task() });
    await expect(store.getState().exchangeTokens(async () => Promise.reject(new Error('403')))).rejects.toThrow('403');
    expect(store.getState().tokens).toEqual(tokens);
  });
});

describe('claims', () => {
  it('decodes the payload without verifying, and rejects junk', () => {
    expect(decodeAccessTokenClaims(fakeAccessToken({ sub: 'u', org: null, role: 'admin', shop: 'medical' }))).toEqual({
      sub: 'u',
      org: null,
      role: 'admin',
      shop: 'medical',
    });
    expect(decodeAccessTokenClaims('opaque')).toBeNull();
    expect(decodeAccessTokenClaims('a.b.c')).toBeNull();
  });
});

describe('shared instance and hook', () => {
  it('keeps one store on globalThis under a Symbol.for key', () => {
    expect((globalThis as Record<symbol, unknown>)[Symbol.for(SESSION_GLOBAL_KEY)]).toBe(sessionStore);
  });

  it('useSession re-renders on sign-in and sign-out', () => {
    sessionStore.configure({ bus: createEventBus() });
    const { result } = renderHook(() => useSession((s) => s.isSignedIn));
    expect(result.current).toBe(false);
    act(() => sessionStore.getState().setTokens(fakeTokenSet(Date.now() + 900_000)));
    expect(result.current).toBe(true);
    act(() => sessionStore.getState().signOut());
    expect(result.current).toBe(false);
  });
});
