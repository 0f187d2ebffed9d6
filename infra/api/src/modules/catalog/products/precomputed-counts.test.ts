// The precomputed facet counts (migration 0013, decision 042) against a plain COUNT(*) on generated
// data, after the kinds of writes the catalogue sees: a generated import, product moves between
// brands / shops / contract-only, stock and price updates, contract lines added and removed, products
// deleted. And the cached answers (catalog-cache.ts) follow each change, per organisation.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLargeCatalogue } from '../../../seed/large-catalogue';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { accessToken, contractOf, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';

let t: TestApp;
let hospital: string;
let contract: string;
beforeAll(async () => {
  t = await startTestApp();
  hospital = await accessToken(t.app, HOSPITAL_BUYER);
  contract = await contractOf(t.app, HOSPITAL_BUYER);
  await generateLargeCatalogue(t.app.database.db, { count: 3000, batchSize: 1000 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, string | number | boolean | null>;
const sorted = (list: Row[]) => list.map((r) => JSON.stringify(r)).sort();

/** Every non-zero precomputed count next to a plain GROUP BY … COUNT(*) of the tables. */
async function expectExact() {
  const products = await query<Row>(
    t.app,
    sql`select shop::text, contract_only, brand_id, category_id, product_group_id, kind::text, n from product_facet_counts where n <> 0`,
  );
  const productTruth = await query<Row>(
    t.app,
    sql`select shop::text, contract_only, brand_id, category_id, product_group_id, kind::text, count(*)::int as n from products group by 1, 2, 3, 4, 5, 6`,
  );
  expect(sorted(products)).toEqual(sorted(productTruth));
  const contracts = await query<Row>(
    t.app,
    sql`select contract_id::text, brand_id, category_id, product_group_id, kind::text, n from contract_facet_counts where n <> 0`,
  );
  const contractTruth = await query<Row>(
    t.app,
    sql`select cp.contract_id::text, p.brand_id, p.category_id, p.product_group_id, p.kind::text, count(*)::int as n
        from contract_prices cp join products p on p.id = cp.product_id group by 1, 2, 3, 4, 5`,
  );
  expect(sorted(contracts)).toEqual(sorted(contractTruth));
}

const get = async (url: string, shop: 'portal' | 'medical') => {
  const res = await t.app.inject({
    url,
    headers: { 'x-shop-type': shop, 'accept-language': 'en', ...(shop === 'portal' ? { authorization: `Bearer ${hospital}` } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The answer once the instance has heard of the change (immediate on PGlite; a notification on PostgreSQL). */
const eventually = (read: () => Promise<unknown>, want: unknown) => expect.poll(read, { timeout: 10_000, interval: 20 }).toEqual(want);

describe('precomputed facet counts', () => {
  it('equal a plain COUNT(*) after an import and every kind of write', async () => {
    await expectExact();
    // Moves between brands, shops and contract-only (a product update of many rows at once).
    await query(
      t.app,
      sql`update products set brand_id = (select min(id) from brands), shop = 'tactical', contract_only = true
          where article_code like 'GEN-%' and substr(article_code, 5)::int % 11 = 0`,
    );
    // Stock and price updates: nothing to count, nothing may change.
    await query(t.app, sql`update products set stock_level = stock_level + 1, price_cents = price_cents + 1 where article_code like 'GEN-%'`);
    await expectExact();
    // Contract lines removed and added, products deleted (their lines with them), a product moved
    // to another category (its contract lines follow through the copy trigger of migration 0006).
    await query(t.app, sql`delete from contract_prices where contract_id = ${contract} and product_id in (select id from products where article_code like 'GEN-%' and substr(article_code, 5)::int % 9 = 0)`);
    await query(
      t.app,
      sql`insert into contract_prices (contract_id, product_id, price_cents)
          select ${contract}, id, 100 from products where article_code like 'GEN-%' and substr(article_code, 5)::int % 3 = 1 and substr(article_code, 5)::int % 7 = 0`,
    );
    await query(t.app, sql`delete from products where article_code like 'GEN-%' and substr(article_code, 5)::int % 13 = 0`);
    await query(
      t.app,
      sql`update products set category_id = (select max(id) from categories where parent_id is not null)
          where article_code like 'GEN-%' and substr(article_code, 5)::int % 6 = 0`,
    );
    await expectExact();
  });

  it('give the index totals and facets of a plain count, and cached answers follow a change', async () => {
    const [brand] = await query<{ id: number; slug: string }>(t.app, sql`select id, slug from brands order by id desc limit 1`);
    const contractTotal = async () =>
      (await query<{ n: number }>(t.app, sql`select count(*)::int as n from contract_prices cp join products p on p.id = cp.product_id
        where cp.contract_id = ${contract} and p.brand_id = ${brand!.id}`))[0]!.n;
    const shopTotal = async () =>
      (await query<{ n: number }>(t.app, sql`select count(*)::int as n from products where shop in ('medical', 'both') and not contract_only and brand_id = ${brand!.id}`))[0]!.n;
    const brandCount = (facets: { brand: { slug: string; count: number }[] }) => facets.brand.find((b) => b.slug === brand!.slug)?.count ?? 0;
    const read = async () => {
      const [page, facets, shopPage, shopFacets] = await Promise.all([
        get(`/api/v1/catalog/products?brand=${brand!.slug}`, 'portal'),
        get('/api/v1/catalog/facets', 'portal'),
        get(`/api/v1/catalog/products?brand=${brand!.slug}`, 'medical'),
        get('/api/v1/catalog/facets', 'medical'),
      ]);
      return { contract: Math.min(page.total, 1000), contractFacet: brandCount(facets), shop: shopPage.total, shopFacet: brandCount(shopFacets) };
    };
    const truth = async () => {
      const [c, s] = [await contractTotal(), await shopTotal()];
      return { contract: Math.min(c, 1000), contractFacet: c, shop: Math.min(s, 1000), shopFacet: s };
    };
    const before = await truth();
    expect(await read()).toEqual(before);
    expect(await read()).toEqual(before); // the cached answer

    // Move ten of the contract's products to the brand: both shops' counts change, on the next read.
    await query(
      t.app,
      sql`update products set brand_id = ${brand!.id}, shop = 'both', contract_only = false where id in (
            select product_id from contract_prices cp join products p on p.id = cp.product_id
            where cp.contract_id = ${contract} and p.brand_id <> ${brand!.id} order by p.article_code limit 10)`,
    );
    const after = await truth();
    expect(after.contractFacet).toBe(before.contractFacet + 10);
    await eventually(read, after);
  });

  it('show a stock-only update in the detail and the index, and a later facet change too', async () => {
    const [p] = await query<{ id: string; slug: string; article_code: string }>(
      t.app,
      sql`select p.id, p.slug, p.article_code from products p join contract_prices cp on cp.product_id = p.id and cp.contract_id = ${contract}
          where p.kind = 'product' and p.active and not p.backorder_allowed and p.price_cents is not null and not p.price_on_request
          order by p.article_code limit 1`,
    );
    const detail = async () => (await get(`/api/v1/catalog/products/${p!.slug}`, 'portal')).max_quantity as number;
    const listed = async () => {
      const page = await get(`/api/v1/catalog/products?q=${p!.article_code}`, 'portal');
      return (page.items as { slug: string; max_quantity: number }[]).find((i) => i.slug === p!.slug)?.max_quantity;
    };
    await query(t.app, sql`update products set stock_level = 40 where id = ${p!.id}`);
    await eventually(detail, 40);
    await eventually(listed, 40);
    const facetsBefore = await get('/api/v1/catalog/facets', 'portal');
    // What a placement does: stock only (notified as such; the facets keep their cached answer).
    await query(t.app, sql`update products set stock_level = stock_level - 3, updated_at = now() where id = ${p!.id}`);
    await eventually(detail, 37);
    await eventually(listed, 37);
    expect(await get('/api/v1/catalog/facets', 'portal')).toEqual(facetsBefore);
    // Then a change of kind: the facets follow.
    await query(t.app, sql`update products set kind = 'bundle' where id = ${p!.id}`);
    await eventually(async () => (await get('/api/v1/catalog/facets', 'portal')).kind.bundles, facetsBefore.kind.bundles + 1);
  });
});
