// A stock update written behind the API (plain SQL, as a placement or the stock port does) against an
// instance's real cache and LISTEN connection (PGlite, and PostgreSQL with DATABASE_URL): the answers
// that show the product follow at once, and the cached answers of other products stay cached (issue
// 31: a placement used to empty every cached index page and detail of every instance).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { contractOf, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';
import { createCatalogCache, type CatalogCache } from './catalog-cache';
import { createCatalogRepository, type CatalogRepository } from './catalog.repository';
import type { CatalogScope } from './catalog-scope';

let t: TestApp;
let cache: CatalogCache;
let repo: CatalogRepository;
let scope: CatalogScope;
/** Loads per cache key: a read the cache answered does not count. */
const loads = new Map<string, number>();

beforeAll(async () => {
  t = await startTestApp();
  scope = { shop: 'portal', contractId: await contractOf(t.app, HOSPITAL_BUYER), locale: 'en' };
  cache = await createCatalogCache(t.app.database);
  repo = createCatalogRepository(t.app.database.db, {
    get: (kind, s, q, load, productsOf) =>
      cache.get(kind, s, q, () => {
        const key = `${kind}:${JSON.stringify(q)}`;
        loads.set(key, (loads.get(key) ?? 0) + 1);
        return load();
      }, productsOf),
  });
}, 60_000);
afterAll(async () => {
  await cache?.close();
  await t?.close();
});

describe('a stock update and the catalogue cache', () => {
  it('shows at once where the product is shown, and keeps the cached answers of other products', async () => {
    const orderable = sql`p.kind = 'product' and p.active and not p.backorder_allowed and cp.price_cents is not null and not p.price_on_request and p.stock_level > 5`;
    const [x] = await query<{ id: string; slug: string; article_code: string }>(
      t.app,
      sql`select p.id, p.slug, p.article_code from products p join contract_prices cp on cp.product_id = p.id and cp.contract_id = ${scope.contractId}
          where ${orderable} order by p.article_code limit 1`,
    );
    // Another product, not related to the first either way (its detail would show the first's stock).
    const [y] = await query<{ id: string; slug: string; article_code: string }>(
      t.app,
      sql`select p.id, p.slug, p.article_code from products p join contract_prices cp on cp.product_id = p.id and cp.contract_id = ${scope.contractId}
          where ${orderable} and p.id <> ${x!.id} and not exists (select 1 from product_relations r
            where (r.product_id = p.id and r.related_product_id = ${x!.id}) or (r.product_id = ${x!.id} and r.related_product_id = p.id))
          order by p.article_code limit 1`,
    );
    const pageOf = async (code: string, id: string) => (await repo.index(scope, { q: code })).items.find((i) => i.id === id);
    const reads = async () => ({
      xListed: (await pageOf(x!.article_code, x!.id))?.max_quantity,
      xDetail: (await repo.detail(scope, x!.slug))?.max_quantity,
      yListed: (await pageOf(y!.article_code, y!.id))?.max_quantity,
      yDetail: (await repo.detail(scope, y!.slug))?.max_quantity,
    });
    // The other product's page does not list the product.
    expect((await repo.index(scope, { q: y!.article_code })).items.map((i) => i.id)).not.toContain(x!.id);
    const before = await reads();
    expect(before.xListed).toBeGreaterThan(3);
    expect(before.yDetail).toBeGreaterThan(0);
    const loaded = new Map(loads);

    // What a placement does to one product: its level, nothing else.
    await query(t.app, sql`update products set stock_level = 3, updated_at = now() where id = ${x!.id}`);
    await expect.poll(reads, { timeout: 10_000, interval: 20 }).toEqual({ ...before, xListed: 3, xDetail: 3 });

    const key = (kind: string, q: object) => `${kind}:${JSON.stringify(q)}`;
    // The other product's page and detail were answered from the cache: not loaded again.
    expect(loads.get(key('index', { q: y!.article_code }))).toBe(loaded.get(key('index', { q: y!.article_code })));
    expect(loads.get(key('detail', { slug: y!.slug }))).toBe(loaded.get(key('detail', { slug: y!.slug })));
    // The product's own were.
    expect(loads.get(key('index', { q: x!.article_code }))).toBeGreaterThan(loaded.get(key('index', { q: x!.article_code }))!);
    expect(loads.get(key('detail', { slug: x!.slug }))).toBeGreaterThan(loaded.get(key('detail', { slug: x!.slug }))!);
  });
});
