// A brand filter sorted by name (decision 095): the page query reads the brand from the
// translation's copy (migration 0044) so that one index walk serves filter and order. These tests
// hold its pages to an order computed here from the products' own brand (not the copy), page by
// page in small pages, in the contract range and a public shop, and follow a brand change.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogFacetsSchema, CatalogPageSchema } from '@portal/shared/schemas';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { accessToken, contractOf, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';

let t: TestApp;
let hospital: string;
let contract: string;
beforeAll(async () => {
  t = await startTestApp();
  hospital = await accessToken(t.app, HOSPITAL_BUYER);
  contract = await contractOf(t.app, HOSPITAL_BUYER);
  // Five of the biggest brand's contract products share an English name but for its case: their
  // order is the id's, which keeps pages from overlapping.
  const brand = await biggestBrand('portal');
  await query(
    t.app,
    sql`update product_translations t set name = case when x.n % 2 = 0 then 'Tie name' else 'TIE NAME' end
        from (select cp.product_id, row_number() over (order by cp.product_id) as n from contract_prices cp
              join products p on p.id = cp.product_id join brands b on b.id = p.brand_id
              where cp.contract_id = ${contract} and b.slug = ${brand.slug} order by cp.product_id limit 5) x
        where t.product_id = x.product_id and t.locale = 'en'`,
  );
});
afterAll(async () => {
  await t?.close();
});

type Shop = 'portal' | 'medical';
const headers = (shop: Shop, lang: string) => ({ 'x-shop-type': shop, 'accept-language': lang, ...(shop === 'portal' ? { authorization: `Bearer ${hospital}` } : {}) });
const PAGE = 3;

async function page(shop: Shop, qs: string, n: number, lang = 'en') {
  const res = await t.app.inject({ url: `/api/v1/catalog/products?${qs}&page_size=${PAGE}&page=${n}`, headers: headers(shop, lang) });
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(CatalogPageSchema, res.json());
}

/** The brand with the most products in the shop's range (at least three pages of them in the seed). */
async function biggestBrand(shop: Shop) {
  const res = await t.app.inject({ url: '/api/v1/catalog/facets', headers: headers(shop, 'en') });
  const brands = v.parse(CatalogFacetsSchema, res.json()).brand;
  return [...brands].sort((a, b) => b.count - a.count)[0]!;
}

/** The range's products of a brand (by products.brand_id) with their names, in the expected order. */
async function expected(shop: Shop, brand: string, lang: string, direction: 'asc' | 'desc') {
  const range = shop === 'portal' ? sql`p.id in (select product_id from contract_prices where contract_id = ${contract})` : sql`p.shop in ('medical', 'both') and not p.contract_only`;
  const rows = await query<{ id: string; name: string }>(
    t.app,
    sql`select p.id, t.name from products p join brands b on b.id = p.brand_id
        join product_translations t on t.product_id = p.id and t.locale = ${lang}
        where b.slug = ${brand} and ${range}`,
  );
  // Lower-cased name, then id: the catalogue's name order (catalog-query.ts), written out here.
  const key = (r: { id: string; name: string }) => [r.name.toLowerCase(), r.id] as const;
  const sorted = rows.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] < kb[0] ? -1 : ka[0] > kb[0] ? 1 : ka[1] < kb[1] ? -1 : ka[1] > kb[1] ? 1 : 0;
  });
  return direction === 'asc' ? sorted : sorted.reverse();
}

async function allPages(shop: Shop, brand: string, sort: string, lang: string) {
  const first = await page(shop, `brand=${brand}&sort=${sort}`, 1, lang);
  const items = [...first.items];
  for (let n = 2; n <= Math.ceil(first.total / PAGE); n++) {
    const next = await page(shop, `brand=${brand}&sort=${sort}`, n, lang);
    expect(next.total).toBe(first.total);
    items.push(...next.items);
  }
  return { total: first.total, items: items.map((i) => ({ id: i.id, name: i.name })) };
}

describe('a brand filter sorted by name', () => {
  it.each([
    ['portal', 'name_desc', 'en'],
    ['portal', 'name_asc', 'nl'],
    ['medical', 'name_desc', 'fr'],
  ] as const)('%s, %s, %s: every page holds the brand\'s products in name order, and the total counts them', async (shop, sort, lang) => {
    const brand = await biggestBrand(shop);
    const want = await expected(shop, brand.slug, lang, sort === 'name_asc' ? 'asc' : 'desc');
    expect(want.length).toBeGreaterThanOrEqual(3 * PAGE);
    if (lang === 'en') expect(want.filter((r) => r.name.toLowerCase() === 'tie name')).toHaveLength(shop === 'portal' ? 5 : 0);
    const got = await allPages(shop, brand.slug, sort, lang);
    expect(got.total).toBe(want.length);
    expect(got.total).toBe(brand.count);
    expect(got.items).toEqual(want);
    // The third page on its own, as the bench asks for it.
    expect((await page(shop, `brand=${brand.slug}&sort=${sort}`, 3, lang)).items.map((i) => i.id)).toEqual(want.slice(2 * PAGE, 3 * PAGE).map((r) => r.id));
  });

  it('follows a product whose brand changes (the copy on its translations is kept by the database)', async () => {
    const brand = await biggestBrand('portal');
    const [other] = await query<{ id: number; slug: string }>(t.app, sql`select id, slug from brands where slug <> ${brand.slug} order by slug limit 1`);
    const [moved] = await query<{ id: string; brand_id: number }>(
      t.app,
      sql`select p.id, p.brand_id from products p join brands b on b.id = p.brand_id join contract_prices cp on cp.product_id = p.id and cp.contract_id = ${contract}
          where b.slug = ${brand.slug} order by p.article_code limit 1`,
    );
    const ids = async (slug: string) => (await allPages('portal', slug, 'name_desc', 'en')).items.map((i) => i.id);
    try {
      await query(t.app, sql`update products set brand_id = ${other!.id} where id = ${moved!.id}`);
      // The cache hears of the change asynchronously on PostgreSQL.
      await expect.poll(() => ids(other!.slug)).toContain(moved!.id);
      expect(await ids(brand.slug)).not.toContain(moved!.id);
      expect(await ids(other!.slug)).toEqual((await expected('portal', other!.slug, 'en', 'desc')).map((r) => r.id));
    } finally {
      await query(t.app, sql`update products set brand_id = ${moved!.brand_id} where id = ${moved!.id}`);
    }
    await expect.poll(() => ids(brand.slug)).toContain(moved!.id);
  });
});
