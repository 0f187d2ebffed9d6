// Facet counts read contract_prices' copies of the product columns (migration 0006) and count the
// unfiltered facets in one GROUPING SETS scan. These tests check both against an independent oracle:
// the range read with plain joins and counted in JavaScript, and that the copies follow the products.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogFacetsSchema, type CatalogFacets } from '@portal/shared/schemas';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { accessToken, contractOf, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';

let t: TestApp;
let hospital: string;
let contract: string;
beforeAll(async () => {
  t = await startTestApp();
  hospital = await accessToken(t.app, HOSPITAL_BUYER);
  contract = await contractOf(t.app, HOSPITAL_BUYER);
});
afterAll(async () => {
  await t?.close();
});

interface RangeRow {
  brand: string;
  sub: string;
  family: string;
  grp: string | null;
  kind: 'product' | 'bundle';
}

/** The range with plain joins on products: what the facets must add up to. */
function rangeRows(shop: 'portal' | 'medical') {
  const from =
    shop === 'portal'
      ? sql`contract_prices cp join products p on p.id = cp.product_id where cp.contract_id = ${contract}`
      : sql`products p where p.shop in ('medical', 'both') and not p.contract_only`;
  return query<RangeRow>(
    t.app,
    sql`select b.slug as brand, c.slug as sub, f.slug as family, g.slug as grp, p.kind::text as kind
        from (select p.* from ${from}) p
        join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
        join categories f on f.id = c.parent_id left join product_groups g on g.id = p.product_group_id`,
  );
}

type Filter = Partial<Record<'brand' | 'category' | 'sub_category' | 'group', string[]>> & { kind?: 'products' | 'bundles' };

const matches = (r: RangeRow, f: Filter, except?: keyof Filter) =>
  (except === 'brand' || !f.brand || f.brand.includes(r.brand)) &&
  (except === 'category' || !f.category || f.category.includes(r.family)) &&
  (except === 'sub_category' || !f.sub_category || f.sub_category.includes(r.sub)) &&
  (except === 'group' || !f.group || (r.grp !== null && f.group.includes(r.grp))) &&
  (except === 'kind' || !f.kind || r.kind === (f.kind === 'bundles' ? 'bundle' : 'product'));

function countBy(list: RangeRow[], key: (r: RangeRow) => string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of list) {
    const k = key(r);
    if (k !== null) out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

/** The facets as slug → count, the shape the oracle computes. */
const asCounts = (values: { slug: string; count: number }[]) => Object.fromEntries(values.filter((x) => x.count > 0).map((x) => [x.slug, x.count]));

function expected(range: RangeRow[], f: Filter) {
  const except = (facet: keyof Filter) => range.filter((r) => matches(r, f, facet));
  return {
    brand: countBy(except('brand'), (r) => r.brand),
    category: countBy(except('category'), (r) => r.family),
    sub_category: countBy(except('sub_category'), (r) => r.sub),
    group: countBy(except('group'), (r) => r.grp),
    kind: { products: except('kind').filter((r) => r.kind === 'product').length, bundles: except('kind').filter((r) => r.kind === 'bundle').length },
  };
}

async function facets(shop: 'portal' | 'medical', f: Filter): Promise<CatalogFacets> {
  const params = new URLSearchParams();
  for (const [k, value] of Object.entries(f)) params.set(k, Array.isArray(value) ? value.join(',') : value);
  const res = await t.app.inject({
    url: `/api/v1/catalog/facets?${params}`,
    headers: { 'x-shop-type': shop, 'accept-language': 'en', ...(shop === 'portal' ? { authorization: `Bearer ${hospital}` } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(CatalogFacetsSchema, res.json());
}

describe('facet counts', () => {
  for (const shop of ['portal', 'medical'] as const) {
    it(`${shop}: match the joined range for every combination of filters`, async () => {
      const range = await rangeRows(shop);
      expect(range.length).toBeGreaterThan(10);
      const first = range[0]!;
      const other = range.find((r) => r.family !== first.family) ?? first;
      const combos: Filter[] = [
        {},
        { category: [first.family] },
        { category: [first.family, other.family] },
        { brand: [first.brand] },
        { brand: [first.brand], sub_category: [first.sub] },
        { kind: 'bundles' },
        { kind: 'products', category: [other.family] },
        ...(first.grp ? [{ group: [first.grp], brand: [first.brand, other.brand] }] : []),
      ];
      for (const combo of combos) {
        const got = await facets(shop, combo);
        const want = expected(range, combo);
        expect(
          { brand: asCounts(got.brand), category: asCounts(got.category), sub_category: asCounts(got.sub_category), group: asCounts(got.group), kind: got.kind },
          JSON.stringify(combo),
        ).toEqual(want);
      }
    });
  }

  it("follow a product's category and brand into the contract, and new contract lines", async () => {
    const [line] = await query<{ product_id: string; category_id: number; brand_id: number }>(
      t.app,
      sql`select cp.product_id, p.category_id, p.brand_id from contract_prices cp join products p on p.id = cp.product_id
          where cp.contract_id = ${contract} and p.kind = 'product' order by p.article_code limit 1`,
    );
    const [target] = await query<{ id: number; slug: string }>(
      t.app,
      sql`select id, slug from categories where parent_id is not null and id <> ${line!.category_id} order by slug limit 1`,
    );
    const before = asCounts((await facets('portal', {})).sub_category);

    await query(t.app, sql`update products set category_id = ${target!.id} where id = ${line!.product_id}`);
    // A write behind the API's back reaches its catalogue cache by a notification (decision 042).
    const subCounts = async () => asCounts((await facets('portal', {})).sub_category);
    await expect.poll(async () => (await subCounts())[target!.slug], { timeout: 10_000, interval: 20 }).toBe((before[target!.slug] ?? 0) + 1);
    const moved = await subCounts();
    const [copy] = await query<{ category_id: number; brand_id: number; kind: string }>(
      t.app,
      sql`select category_id, brand_id, kind::text as kind from contract_prices where contract_id = ${contract} and product_id = ${line!.product_id}`,
    );
    expect(copy).toEqual({ category_id: target!.id, brand_id: line!.brand_id, kind: 'product' });

    // A product newly added to the contract arrives with its columns filled by the insert trigger.
    const [outside] = await query<{ id: string; category_id: number; brand_id: number; product_group_id: number | null }>(
      t.app,
      sql`select p.id, p.category_id, p.brand_id, p.product_group_id from products p
          where not exists (select 1 from contract_prices cp where cp.contract_id = ${contract} and cp.product_id = p.id) and not p.contract_only
          order by p.article_code limit 1`,
    );
    await query(t.app, sql`insert into contract_prices (contract_id, product_id, price_cents) values (${contract}, ${outside!.id}, 1234)`);
    const [added] = await query<{ category_id: number; brand_id: number; product_group_id: number | null }>(
      t.app,
      sql`select category_id, brand_id, product_group_id from contract_prices where contract_id = ${contract} and product_id = ${outside!.id}`,
    );
    expect(added).toEqual({ category_id: outside!.category_id, brand_id: outside!.brand_id, product_group_id: outside!.product_group_id });
    await expect
      .poll(async () => Object.values(await subCounts()).reduce((a, b) => a + b, 0), { timeout: 10_000, interval: 20 })
      .toBe(Object.values(moved).reduce((a, b) => a + b, 0) + 1);
  });
});
