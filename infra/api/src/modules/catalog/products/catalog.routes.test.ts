import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogFacetsSchema, CatalogPageSchema, type CatalogPage } from '@portal/shared/schemas';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { accessToken, contractOf, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';

let t: TestApp;
let hospital: string;
let police: string;
let hospitalContract: string;
let policeContract: string;
beforeAll(async () => {
  t = await startTestApp();
  [hospital, police] = await Promise.all([accessToken(t.app, HOSPITAL_BUYER), accessToken(t.app, POLICE_BUYER)]);
  [hospitalContract, policeContract] = await Promise.all([contractOf(t.app, HOSPITAL_BUYER), contractOf(t.app, POLICE_BUYER)]);
});
afterAll(async () => {
  await t?.close();
});

type Shop = 'portal' | 'medical' | 'tactical';
const headers = (shop: Shop, token?: string, lang = 'en') => ({
  'x-shop-type': shop,
  'accept-language': lang,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
async function index(shop: Shop, qs = '', token?: string, lang = 'en'): Promise<CatalogPage> {
  const res = await t.app.inject({ url: `/api/v1/catalog/products${qs}`, headers: headers(shop, token, lang) });
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(CatalogPageSchema, res.json());
}
async function all(shop: Shop, qs: string, token?: string, lang = 'en') {
  const sep = qs ? '&' : '?';
  return index(shop, `${qs}${sep}page_size=96`, token, lang);
}
const productRows = (ids: string[]) =>
  query<{ id: string; brand: string; sub: string; family: string; grp: string; kind: string; shop: string; contract_only: boolean; price_cents: number | null }>(
    t.app,
    sql`select p.id, b.slug as brand, c.slug as sub, f.slug as family, g.slug as grp, p.kind, p.shop, p.contract_only, p.price_cents
        from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
        join categories f on f.id = c.parent_id left join product_groups g on g.id = p.product_group_id
        where p.id in ${ids.length ? ids : ['00000000-0000-0000-0000-000000000000']}`,
  );

describe('shop and scope', () => {
  it('needs X-Shop-Type, and the contract range needs a signed-in buyer', async () => {
    const none = await t.app.inject({ url: '/api/v1/catalog/products' });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('CATALOG_SHOP_REQUIRED');
    const visitor = await t.app.inject({ url: '/api/v1/catalog/products', headers: headers('portal') });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('CATALOG_LOGIN_REQUIRED');
  });

  it('refuses a signed-in case manager with 403 CATALOG_CUSTOMERS_ONLY, never a 401 that would loop her through sign-in (issue 19)', async () => {
    const staff = await accessToken(t.app, 'an.claes@portal-supplier.example');
    for (const url of ['/api/v1/catalog/products', '/api/v1/catalog/facets', '/api/v1/catalog/widgets/new-in-contract', '/api/v1/cart']) {
      const res = await t.app.inject({ url, headers: headers('portal', staff) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('CATALOG_CUSTOMERS_ONLY');
    }
    const add = await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: headers('portal', staff), payload: { product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 } });
    expect(add.statusCode).toBe(403);
  });

  it('public shops list their own products at list prices, never contract-only ones', async () => {
    for (const shop of ['medical', 'tactical'] as const) {
      const page = await all(shop, '');
      expect(page.total).toBeGreaterThan(50);
      expect(page.shop).toBe(shop);
      const stored = new Map((await productRows(page.items.map((i) => i.id))).map((r) => [r.id, r]));
      for (const item of page.items) {
        const row = stored.get(item.id)!;
        expect([shop, 'both']).toContain(row.shop);
        expect(row.contract_only).toBe(false);
        if (item.price) expect(item.price.excl_vat).toBe(row.price_cents);
      }
    }
  });

  it('flags what is outside a contract buyer\'s contract "Not within contract" in a public shop too: lists, search and detail, without a price (issue 32)', async () => {
    const [outside] = await query<{ slug: string; article_code: string }>(
      t.app,
      sql`select p.slug, p.article_code from products p where p.shop in ('tactical', 'both') and not p.contract_only and p.active and p.price_cents is not null
          and not p.price_on_request and p.stock_level > p.low_stock_threshold
          and not exists (select 1 from contract_prices cp where cp.product_id = p.id and cp.contract_id = ${hospitalContract}) order by p.article_code limit 1`,
    );
    const [inside] = await query<{ slug: string }>(
      t.app,
      sql`select p.slug from products p join contract_prices cp on cp.product_id = p.id and cp.contract_id = ${hospitalContract}
          where p.shop in ('tactical', 'both') and not p.contract_only and p.active and p.price_cents is not null and not p.price_on_request order by p.article_code limit 1`,
    );
    const detail = async (slug: string, token?: string) => (await t.app.inject({ url: `/api/v1/catalog/products/${slug}`, headers: headers('tactical', token) })).json();
    // A visitor buys it at the list price.
    expect(await detail(outside!.slug)).toMatchObject({ stock_state: 'in_stock', orderable: true });
    // The hospital buyer is told it is outside their contract: on the detail, in the list and in search.
    expect(await detail(outside!.slug, hospital)).toMatchObject({ stock_state: 'not_within_contract', price: null, orderable: false, max_quantity: 0 });
    // The buyer's own view: no shared cache may keep it for a visitor.
    const seen = await t.app.inject({ url: `/api/v1/catalog/products/${outside!.slug}`, headers: headers('tactical', hospital) });
    expect(seen.headers['cache-control']).toBe('private, no-store');
    const found = (await index('tactical', `?q=${outside!.article_code}`, hospital)).items.find((i) => i.slug === outside!.slug);
    expect(found).toMatchObject({ stock_state: 'not_within_contract', price: null, orderable: false });
    const listed = (await all('tactical', '', hospital)).items;
    expect(listed.some((i) => i.stock_state === 'not_within_contract')).toBe(true);
    // What their contract holds is not flagged.
    expect((await detail(inside!.slug, hospital)).stock_state).not.toBe('not_within_contract');
  });

  it("a buyer's index is exactly their contract range at contract prices", async () => {
    const [{ n }] = (await query<{ n: number }>(t.app, sql`select count(*)::int as n from contract_prices where contract_id = ${hospitalContract}`)) as [{ n: number }];
    const page = await all('portal', '', hospital);
    expect(page.total).toBe(n);
    const prices = new Map(
      (await query<{ product_id: string; price_cents: number | null }>(t.app, sql`select product_id, price_cents from contract_prices where contract_id = ${hospitalContract}`)).map((r) => [r.product_id, r.price_cents]),
    );
    for (const item of page.items) {
      expect(prices.has(item.id)).toBe(true);
      if (item.price) expect(item.price.excl_vat).toBe(prices.get(item.id));
      expect(item.stock_state).not.toBe('not_within_contract');
    }
  });

  it("never shows another organisation's contract prices or contract-only products", async () => {
    const policeOnly = await query<{ id: string; slug: string; article_code: string }>(
      t.app,
      sql`select p.id, p.slug, p.article_code from products p join contract_prices cp on cp.product_id = p.id and cp.contract_id = ${policeContract}
          where p.contract_only and not exists (select 1 from contract_prices h where h.product_id = p.id and h.contract_id = ${hospitalContract})`,
    );
    expect(policeOnly.length).toBeGreaterThan(3);
    const target = policeOnly[0]!;
    // The police buyer sees it, in their index and detail.
    expect((await index('portal', `?q=${target.article_code}`, police)).items.map((i) => i.id)).toContain(target.id);
    expect((await t.app.inject({ url: `/api/v1/catalog/products/${target.slug}`, headers: headers('portal', police) })).statusCode).toBe(200);
    // Nobody else does: not the hospital buyer, not the public shops, not by search.
    for (const [shop, token] of [['portal', hospital], ['medical', undefined], ['tactical', undefined], ['tactical', police]] as const) {
      expect((await index(shop, `?q=${target.article_code}`, token)).items.map((i) => i.id)).not.toContain(target.id);
      const detail = await t.app.inject({ url: `/api/v1/catalog/products/${target.slug}`, headers: headers(shop, token) });
      expect(detail.statusCode).toBe(404);
      expect(detail.json().code).toBe('CATALOG_PRODUCT_NOT_FOUND');
    }
    // A product in both contracts carries each buyer's own price.
    const [shared] = await query<{ slug: string; h: number; p: number }>(
      t.app,
      sql`select pr.slug, h.price_cents as h, po.price_cents as p from products pr
          join contract_prices h on h.product_id = pr.id and h.contract_id = ${hospitalContract}
          join contract_prices po on po.product_id = pr.id and po.contract_id = ${policeContract}
          where h.price_cents is not null and h.price_cents <> po.price_cents limit 1`,
    );
    const asHospital = (await t.app.inject({ url: `/api/v1/catalog/products/${shared!.slug}`, headers: headers('portal', hospital) })).json();
    const asPolice = (await t.app.inject({ url: `/api/v1/catalog/products/${shared!.slug}`, headers: headers('portal', police) })).json();
    expect(asHospital.price.excl_vat).toBe(shared!.h);
    expect(asPolice.price.excl_vat).toBe(shared!.p);
  });
});

describe('filters', () => {
  it.each([
    ['brand', 'brand'],
    ['sub_category', 'sub'],
    ['category', 'family'],
    ['group', 'grp'],
  ] as const)('filters by %s (one or several values)', async (param, column) => {
    const facets = v.parse(CatalogFacetsSchema, (await t.app.inject({ url: '/api/v1/catalog/facets', headers: headers('portal', hospital) })).json());
    const values = facets[param].slice(0, 2).map((f) => f.slug);
    expect(values.length).toBe(2);
    const one = await all('portal', `?${param}=${values[0]}`, hospital);
    expect(one.total).toBe(facets[param][0]!.count);
    expect((await productRows(one.items.map((i) => i.id))).every((r) => r[column] === values[0])).toBe(true);
    const two = await all('portal', `?${param}=${values.join(',')}`, hospital);
    expect(two.total).toBe(facets[param][0]!.count + facets[param][1]!.count);
    expect((await productRows(two.items.map((i) => i.id))).every((r) => values.includes(r[column]))).toBe(true);
  });

  it('filters bundles only, products only, or both', async () => {
    const bundles = await all('medical', '?kind=bundles');
    const products = await index('medical', '?kind=products');
    const both = await index('medical', '?kind=all');
    expect(bundles.total).toBeGreaterThan(0);
    expect(bundles.items.every((i) => i.is_bundle)).toBe(true);
    expect(products.items.every((i) => !i.is_bundle)).toBe(true);
    expect(bundles.total + products.total).toBe(both.total);
  });

  it('combines filters, and an unknown slug matches nothing', async () => {
    const facets = v.parse(CatalogFacetsSchema, (await t.app.inject({ url: '/api/v1/catalog/facets', headers: headers('medical') })).json());
    const brand = facets.brand[0]!.slug;
    const sub = facets.sub_category[0]!.slug;
    const page = await all('medical', `?brand=${brand}&sub_category=${sub}`);
    for (const r of await productRows(page.items.map((i) => i.id))) expect([r.brand, r.sub]).toEqual([brand, sub]);
    expect((await index('medical', '?brand=no-such-brand')).total).toBe(0);
  });

  it('counts each facet with the other filters applied', async () => {
    const get = async (qs: string) => v.parse(CatalogFacetsSchema, (await t.app.inject({ url: `/api/v1/catalog/facets${qs}`, headers: headers('portal', police) })).json());
    const base = await get('');
    const family = base.category[0]!;
    const filtered = await get(`?category=${family.slug}`);
    // Its own facet still offers the other families; the others shrink to that family.
    expect(filtered.category.map((c) => c.slug)).toEqual(base.category.map((c) => c.slug));
    const brandSum = filtered.brand.reduce((s, b) => s + b.count, 0);
    expect(brandSum).toBe(family.count);
    expect(filtered.kind.products + filtered.kind.bundles).toBe(family.count);
    expect((await index('portal', `?category=${family.slug}`, police)).total).toBe(family.count);
  });

  it('rejects unknown query fields and bad values with field errors', async () => {
    for (const qs of ['?colour=red', '?sort=cheapest', '?page=0', '?page_size=500', '?brand=Bad%20Slug']) {
      const res = await t.app.inject({ url: `/api/v1/catalog/products${qs}`, headers: headers('medical') });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('sort and paging', () => {
  const prices = (p: CatalogPage) => p.items.map((i) => i.price?.excl_vat ?? Infinity);
  it('sorts by price ascending and descending; price on request counts as highest', async () => {
    const up = await all('portal', '?sort=price_asc', hospital);
    expect(prices(up)).toEqual([...prices(up)].sort((a, b) => a - b));
    const down = await all('portal', '?sort=price_desc', hospital);
    expect(prices(down)).toEqual([...prices(down)].sort((a, b) => b - a));
    expect(down.items[0]!.stock_state).toBe('price_on_request');
    const shop = await all('tactical', '?sort=price_asc');
    expect(prices(shop)).toEqual([...prices(shop)].sort((a, b) => a - b));
  });

  it('sorts by product name ascending and descending in the reader\'s language', async () => {
    const collator = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
    for (const lang of ['en', 'nl', 'fr']) {
      const up = (await all('medical', '?sort=name_asc', undefined, lang)).items.map((i) => i.name);
      expect(up).toEqual([...up].sort(collator));
      const down = (await all('medical', '?sort=name_desc', undefined, lang)).items.map((i) => i.name);
      expect(down).toEqual([...down].sort(collator).reverse());
    }
    // While searching, the default order is relevance: a name match before a description match.
    const nl = await index('tactical', '?q=handschoenen', undefined, 'nl');
    expect(nl.items[0]!.name).toMatch(/handschoen/i);
  });

  it('pages through the whole range without overlap', async () => {
    const first = await index('medical', '?sort=price_asc&page_size=10');
    const second = await index('medical', '?sort=price_asc&page_size=10&page=2');
    expect(first.items).toHaveLength(10);
    expect(second.page).toBe(2);
    expect(second.total).toBe(first.total);
    expect(second.items.map((i) => i.id).filter((id) => first.items.some((f) => f.id === id))).toEqual([]);
    const last = await index('medical', `?page_size=10&page=${Math.ceil(first.total / 10)}`);
    expect(last.items.length).toBe(first.total % 10 || 10);
    expect((await index('medical', '?page=999')).items).toEqual([]);
  });
});

describe('search', () => {
  it.each([
    ['en', 'glove', /glove/i],
    ['nl', 'handschoen', /handschoen/i],
    ['fr', 'gant', /gant/i],
    ['nl', 'zaklampen', /zaklamp/i],
    ['fr', 'lampes frontales', /frontale/i],
  ])('finds words with stemming in %s: %s', async (lang, q, expected) => {
    const page = await all('portal', `?q=${encodeURIComponent(q)}`, police, lang);
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.some((i) => expected.test(i.name))).toBe(true);
    // Every hit matches the text (name or description) or a code.
    const texts = await query<{ id: string; text: string }>(
      t.app,
      sql`select product_id as id, name || ' ' || description as text from product_translations where locale = ${lang} and product_id in ${page.items.map((i) => i.id)}`,
    );
    const stem = expected.source.replace(/\\|\/i/g, '');
    expect(texts.filter((r) => new RegExp(stem.slice(0, 4), 'i').test(r.text)).length).toBe(texts.length);
  });

  it('does not stem across languages: the Dutch word finds nothing in English', async () => {
    expect((await index('portal', '?q=handschoenen', police, 'en')).total).toBe(0);
    expect((await index('portal', '?q=handschoenen', police, 'nl')).total).toBeGreaterThan(0);
  });

  it('finds article codes, product codes and NSNs with or without dashes', async () => {
    const [p] = await query<{ id: string; article_code: string; product_code: string; nsn: string }>(
      t.app,
      sql`select p.id, p.article_code, p.product_code, p.nsn from products p join contract_prices cp on cp.product_id = p.id
          and cp.contract_id = ${policeContract} where p.nsn is not null and p.product_code like '%-%' limit 1`,
    );
    for (const q of [p!.article_code, p!.article_code.replace(/-/g, ''), p!.article_code.toLowerCase(), p!.nsn, p!.nsn.replace(/-/g, ''), p!.product_code, p!.product_code.replace(/-/g, ' ')]) {
      const page = await all('portal', `?q=${encodeURIComponent(q)}`, police);
      expect(page.items.map((i) => i.id), q).toContain(p!.id);
    }
    const exact = await index('portal', `?q=${p!.nsn.replace(/-/g, '')}`, police);
    expect(exact.items[0]!.id).toBe(p!.id);
  });

  it('text without letters or digits finds nothing', async () => {
    expect((await index('medical', '?q=%22%21%3F')).total).toBe(0);
  });
});
