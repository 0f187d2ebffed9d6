import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../bus/event-bus';
import { sessionStore } from '../session/session';
import { fakeTokenSet } from '../session/test-tokens';
import { configurePortalApi, currentLocaleTag, currentShopType, portalApi, publicApi } from './portal-client';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;

// The clients read two things from the page: <html lang> and <meta name="portal-shop-type">. A
// minimal page keeps this test in Node, where fetch reaches the local server without CORS.
const page = { lang: 'en-US', shop: undefined as string | undefined };
Object.assign(globalThis, {
  document: {
    documentElement: {
      get lang() {
        return page.lang;
      },
    },
    querySelector: (selector: string) =>
      selector === 'meta[name="portal-shop-type"]' && page.shop !== undefined ? { content: page.shop } : null,
  },
});
const cookies = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer(() => ({ status: 200, body: { ok: true } }));
  configurePortalApi({ baseURL: server.origin, fetch: globalThis.fetch });
});
afterAll(() => server.close());

describe('the portal API clients', () => {
  it('send the session token, the page language and the shop of the page', async () => {
    sessionStore.configure({
      bus: createEventBus(),
      now: () => 1_700_000_000_000,
      cookies: { get: (k) => cookies.get(k), set: (k, v) => cookies.set(k, v), remove: (k) => cookies.delete(k) },
    });
    const tokens = fakeTokenSet(1_700_000_900_000);
    sessionStore.getState().setTokens(tokens);
    page.lang = 'nl-BE';
    page.shop = 'tactical';

    await portalApi().get('/orders');
    const request = server.requests.at(-1)!;
    expect(request.url).toBe('/api/v1/orders');
    expect(request.headers.authorization).toBe(`Bearer ${tokens.access_token}`);
    expect(request.headers['accept-language']).toBe('nl-BE');
    expect(request.headers['x-shop-type']).toBe('tactical');
  });

  it('the public client never sends a token', async () => {
    await publicApi().get('/translations');
    expect(server.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('is one instance per kind, for every bundle', () => {
    expect(portalApi()).toBe(portalApi());
    expect(publicApi()).not.toBe(portalApi());
  });

  it('falls back to the contract portal when the page names no known shop', () => {
    page.shop = 'cheese';
    expect(currentShopType()).toBe('portal');
    page.shop = undefined;
    expect(currentShopType()).toBe('portal');
  });
});

describe('a shop override', () => {
  it('sends the shop asked for, with the session token, and keeps one client per shop', async () => {
    page.shop = 'tactical';
    await portalApi({ shop: 'medical' }).get('/catalog/products');
    const request = server.requests.at(-1)!;
    expect(request.headers['x-shop-type']).toBe('medical');
    expect(request.headers.authorization).toMatch(/^Bearer /);
    await publicApi({ shop: 'portal' }).get('/catalog/products');
    expect(server.requests.at(-1)!.headers).toMatchObject({ 'x-shop-type': 'portal' });
    expect(server.requests.at(-1)!.headers.authorization).toBeUndefined();
    expect(portalApi({ shop: 'medical' })).toBe(portalApi({ shop: 'medical' }));
    expect(portalApi({ shop: 'medical' })).not.toBe(portalApi());
  });
});

describe('the page language', () => {
  it('comes from the URL prefix before <html lang> (which the shell sets after the first queries)', () => {
    page.lang = 'en-US';
    Object.assign(globalThis, { location: { pathname: '/fr/products' } });
    try {
      expect(currentLocaleTag()).toBe('fr-FR');
      Object.assign(globalThis, { location: { pathname: '/api-docs' } });
      expect(currentLocaleTag()).toBe('en-US');
    } finally {
      Reflect.deleteProperty(globalThis, 'location');
    }
  });
});
