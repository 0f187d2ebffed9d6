import { describe, expect, it } from 'vitest';
import { createFirstScreenData, type ApiGet } from './first-screen-data';
import { testRegistry } from './test-registry';

const registry = testRegistry({ orders: { version: 'o1', manifest: 'https://cdn.example/orders/mf-manifest.json' } });

// A text that would end the element and open a comment if it were written as it is.
const TEXTS = [{ key: 'policies.x.body', en: '</script><!-- & \u2028', nl: 'nl', fr: 'fr' }];

/** The API as the shell sees it: texts for everyone, route rules per path. */
const api: ApiGet = async (url) => {
  if (url === '/api/v1/translations') return { statusCode: 200, body: JSON.stringify(TEXTS) };
  const path = /^\/api\/v1\/route-rules\?path=(.*)$/.exec(url)?.[1];
  if (path !== undefined) return { statusCode: 200, body: JSON.stringify({ path: decodeURIComponent(path), middleware: [] }) };
  return { statusCode: 404, body: '{}' };
};

const manifests = async (url: string) => (url.startsWith('/remotes/') ? { id: url } : undefined);

/** The blocks of a page's head, by id, parsed as the shell parses them. */
function blocks(html: string): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const [, id, json] of html.matchAll(/<script type="application\/json" id="([^"]+)">([^<]*)<\/script>/g)) found[id!] = JSON.parse(json!);
  return found;
}

describe('the first screen\'s data blocks', () => {
  it('carries the texts, the path\'s route rules and its remote\'s manifest, and names the URLs they stand in for', async () => {
    const data = await createFirstScreenData(api, manifests)(registry, { pathname: '/nl/products', hasSession: false });
    expect(blocks(data.html)).toEqual({
      'portal-translations': TEXTS,
      'portal-route-rules': { path: '/nl/products', rule: { path: '/nl/products', middleware: [] } },
      'portal-remote-manifest': { url: '/remotes/catalog/c1/mf-manifest.json', manifest: { id: '/remotes/catalog/c1/mf-manifest.json' } },
    });
    expect([...data.inlined]).toEqual(['/api/v1/translations', '/api/v1/route-rules?path=%2Fnl%2Fproducts', '/remotes/catalog/c1/mf-manifest.json']);
  });

  it('escapes what could end the element', async () => {
    const { html } = await createFirstScreenData(api, manifests)(registry, { pathname: '/en/a</script>', hasSession: false });
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<!--');
    expect(html).toContain('\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028');
    expect((blocks(html)['portal-route-rules'] as { path: string }).path).toBe('/en/a</script>');
  });

  it('follows the path: the login page\'s manifest for a signed-in page without a session, none for a shell page', async () => {
    const data = createFirstScreenData(api, manifests);
    expect(blocks((await data(registry, { pathname: '/en/my-orders', hasSession: false })).html)['portal-remote-manifest']).toMatchObject({ url: '/remotes/auth/a1/mf-manifest.json' });
    const home = await data(registry, { pathname: '/fr', hasSession: false });
    expect(Object.keys(blocks(home.html))).toEqual(['portal-translations', 'portal-route-rules']);
    expect((blocks(home.html)['portal-route-rules'] as { path: string }).path).toBe('/fr');
    // A manifest on another origin is not in the store: it stays a fetch.
    const other = await data(registry, { pathname: '/en/my-orders', hasSession: true });
    expect(blocks(other.html)['portal-remote-manifest']).toBeUndefined();
    expect(other.inlined.has('https://cdn.example/orders/mf-manifest.json')).toBe(false);
  });

  it('leaves out what the API or the store cannot give, and the page still gets the rest', async () => {
    const failing: ApiGet = async (url) => {
      if (url.startsWith('/api/v1/route-rules')) throw new Error('database down');
      return { statusCode: 503, body: '{"code":"UNAVAILABLE"}' };
    };
    const data = await createFirstScreenData(failing, async () => undefined)(registry, { pathname: '/en/products', hasSession: false });
    expect(data.html).toBe('');
    expect(data.inlined.size).toBe(0);
    const notJson: ApiGet = async () => ({ statusCode: 200, body: 'not json' });
    const partial = await createFirstScreenData(notJson, manifests)(registry, { pathname: '/en/products', hasSession: false });
    expect(Object.keys(blocks(partial.html))).toEqual(['portal-remote-manifest']);
  });

  it('builds the texts\' block again only when the texts change', async () => {
    let texts = JSON.stringify(TEXTS);
    const changing: ApiGet = async (url) => (url === '/api/v1/translations' ? { statusCode: 200, body: texts } : { statusCode: 404, body: '' });
    const data = createFirstScreenData(changing, manifests);
    expect(blocks((await data(registry, { pathname: '/en', hasSession: false })).html)['portal-translations']).toEqual(TEXTS);
    texts = '[]';
    expect(blocks((await data(registry, { pathname: '/en', hasSession: false })).html)['portal-translations']).toEqual([]);
  });
});
