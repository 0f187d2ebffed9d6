// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHintedFetches, takeHintedFetch, takeHintedJson } from './hinted-fetches';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page whose head carries the gateway's hints (parsed, not live: the test DOM would load them itself). */
function hints(...links: string[]): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${links.join('')}</head></html>`, 'text/html');
}

describe('hinted fetches', () => {
  it('starts one plain fetch per fetch hint (what the browser matches to its preload) and hands each out once', async () => {
    const fetch = vi.fn(async (url: string) => new Response(JSON.stringify({ url }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    startHintedFetches(
      hints(
        '<link rel="preload" href="/api/v1/translations" as="fetch" crossorigin="anonymous">',
        '<link rel="preload" href="/api/v1/route-rules?path=%2Fen" as="fetch" crossorigin="anonymous">',
        '<link rel="preload" href="/remotes/auth/1/remoteEntry.js" as="script">',
      ),
    );
    expect(fetch.mock.calls).toEqual([['/api/v1/translations'], ['/api/v1/route-rules?path=%2Fen']]);
    expect(await takeHintedJson('/api/v1/translations')).toEqual({ url: '/api/v1/translations' });
    // Taken: the next caller fetches itself.
    expect(takeHintedFetch('/api/v1/translations')).toBeUndefined();
    // The same URL written absolute (as the federation runtime may ask) is the same fetch.
    expect(takeHintedFetch(new URL('/api/v1/route-rules?path=%2Fen', document.baseURI).href)).toBeDefined();
  });

  it('gives nothing on a page without hints, for a failed fetch or an error status, so the caller fetches as before', async () => {
    expect(await takeHintedJson('/api/v1/translations')).toBeUndefined();
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url.includes('down') ? Promise.reject(new Error('down')) : new Response('x', { status: 503 }))));
    startHintedFetches(
      hints('<link rel="preload" href="/down" as="fetch" crossorigin="anonymous">', '<link rel="preload" href="/busy" as="fetch" crossorigin="anonymous">'),
    );
    expect(await takeHintedJson('/down')).toBeUndefined();
    expect(await takeHintedJson('/busy')).toBeUndefined();
  });
});
