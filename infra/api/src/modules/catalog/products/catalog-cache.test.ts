// The catalogue cache's invalidation (decision 042, amended for issue 31) on notifications it is
// handed directly: a stock change naming products drops only the answers that show them; one without
// names drops every answer that shows stock; any other change drops everything. The database side
// (the triggers' payloads) is in catalog-cache.stock.test.ts.
import { describe, expect, it } from 'vitest';
import { createCatalogCache, parseChange } from './catalog-cache';
import type { CatalogScope } from './catalog-scope';

const scope: CatalogScope = { shop: 'portal', contractId: 'c1', locale: 'en' };

async function cacheWithNotifier() {
  let notify: (payload: string) => void = () => undefined;
  let state: (up: boolean) => void = () => undefined;
  const cache = await createCatalogCache({
    listen: async (_channel, onNotify, onState) => {
      notify = onNotify;
      state = onState;
      onState(true);
      return async () => undefined;
    },
  });
  /** A page showing the products, and how often it was loaded. */
  const page = (kind: string, q: string, products: string[]) => {
    let loads = 0;
    const read = () =>
      cache.get(kind, scope, { q }, async () => ({ items: products.map((id) => ({ id })), load: ++loads }), (answer) => answer.items.map((i) => i.id));
    return { read, loads: () => loads };
  };
  return { cache, page, notify: (payload: string) => notify(payload), state: (up: boolean) => state(up) };
}

describe('catalogue cache invalidation', () => {
  it('reads the payloads of the triggers', () => {
    expect(parseChange('')).toEqual({ kind: 'all' });
    expect(parseChange('stock')).toEqual({ kind: 'stock', products: null });
    expect(parseChange('stock:a,b')).toEqual({ kind: 'stock', products: new Set(['a', 'b']) });
  });

  it('drops only the answers that show a product whose stock changed', async () => {
    const { page, notify } = await cacheWithNotifier();
    const a = page('index', 'a', ['p1', 'p2']);
    const b = page('index', 'b', ['p3']);
    const detail = page('detail', 'p2', ['p2', 'p4']);
    const facets = page('facets', 'a', []);
    for (const p of [a, b, detail, facets]) await p.read();
    notify('stock:p2,p9');
    await a.read();
    await b.read();
    await detail.read();
    await facets.read();
    expect([a.loads(), b.loads(), detail.loads(), facets.loads()]).toEqual([2, 1, 2, 1]);
  });

  it('drops every answer that shows stock on a stock change without names, and everything on any other change', async () => {
    const { page, notify } = await cacheWithNotifier();
    const a = page('index', 'a', ['p1']);
    const facets = page('facets', 'a', []);
    await a.read();
    await facets.read();
    notify('stock');
    await a.read();
    await facets.read();
    expect([a.loads(), facets.loads()]).toEqual([2, 1]);
    notify('');
    await a.read();
    await facets.read();
    expect([a.loads(), facets.loads()]).toEqual([3, 2]);
  });

  it('does not keep an answer that was loading when a stock change arrived', async () => {
    const { cache, notify } = await cacheWithNotifier();
    let loads = 0;
    let release: () => void = () => undefined;
    const load = () => {
      loads += 1;
      return new Promise<{ items: { id: string }[] }>((resolve) => (release = () => resolve({ items: [{ id: 'p1' }] })));
    };
    const first = cache.get('index', scope, { q: 'a' }, load, (answer) => answer.items.map((i) => i.id));
    // Its products are not known yet: any stock change may concern it.
    notify('stock:p7');
    release();
    await first;
    const again = cache.get('index', scope, { q: 'a' }, load, (answer) => answer.items.map((i) => i.id));
    release();
    await again;
    expect(loads).toBe(2);
  });

  it('reads through while not listening, and starts over when listening again', async () => {
    const { page, state } = await cacheWithNotifier();
    const a = page('index', 'a', ['p1']);
    await a.read();
    state(false);
    await a.read();
    await a.read();
    expect(a.loads()).toBe(3);
    state(true);
    await a.read();
    await a.read();
    expect(a.loads()).toBe(4);
  });
});
