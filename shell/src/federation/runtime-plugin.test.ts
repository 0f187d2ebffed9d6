// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalRuntimePlugin } from './runtime-plugin';

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

const MANIFEST_URL = '/remotes/catalog/1.0.0/mf-manifest.json';

/** The plugin's fetch hook, whose declared answer may also be `false` (ours always answers a Response). */
const manifestFetch = (url: string) => portalRuntimePlugin().fetch!(url, {}) as Promise<Response>;

describe('the runtime plugin\'s manifest fetch', () => {
  it('answers the route\'s manifest from the page\'s block, once, then fetches as before', async () => {
    const manifest = { id: 'catalog', metaData: { remoteEntry: { name: 'remoteEntry.js' } } };
    document.head.innerHTML = `<script type="application/json" id="portal-remote-manifest">${JSON.stringify({ url: MANIFEST_URL, manifest })}</script>`;
    const fetch = vi.fn(async () => new Response('{"fetched":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const first = await manifestFetch(new URL(MANIFEST_URL, document.baseURI).href);
    expect(await first.json()).toEqual(manifest);
    expect(fetch).not.toHaveBeenCalled();
    // A retry after a failed remote load reads the manifest afresh.
    const again = await manifestFetch(MANIFEST_URL);
    expect(await again.json()).toEqual({ fetched: true });
    expect(fetch).toHaveBeenCalledWith(MANIFEST_URL, { cache: 'no-cache' });
  });

  it('fetches another remote\'s manifest and leaves the block for its own', async () => {
    document.head.innerHTML = `<script type="application/json" id="portal-remote-manifest">${JSON.stringify({ url: MANIFEST_URL, manifest: { id: 'catalog' } })}</script>`;
    const fetch = vi.fn(async () => new Response('{"id":"auth"}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await (await manifestFetch('/remotes/auth/1.0.0/mf-manifest.json')).json()).toEqual({ id: 'auth' });
    expect(document.getElementById('portal-remote-manifest')).not.toBeNull();
  });
});
