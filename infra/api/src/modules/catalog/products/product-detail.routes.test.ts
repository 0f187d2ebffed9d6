// Product detail, stock states, price rules, technical sheet, quick order and the index-backed
// query plans. The cart's limits are tested with the cart (modules/cart/cart.routes.test.ts).
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogProductSchema, QuickOrderResultSchema, type StockState } from '@portal/shared/schemas';
import { pdfPages } from '../../../test-support/pdf-text';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';

let t: TestApp;
let hospital: string;
let hospitalContract: string;
beforeAll(async () => {
  t = await startTestApp();
  hospital = await accessToken(t.app, HOSPITAL_BUYER);
  hospitalContract = await contractOf(t.app, HOSPITAL_BUYER);
});
afterAll(async () => {
  await t?.close();
});

const headers = (shop: string, token?: string, lang = 'en') => ({ 'x-shop-type': shop, 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) });
/** No token: a visitor (passing `undefined` would take the default, the hospital buyer). */
const VISITOR = null;
const detail = async (slug: string, shop = 'portal', token: string | null = hospital, lang = 'en') => {
  const res = await t.app.inject({ url: `/api/v1/catalog/products/${slug}`, headers: headers(shop, token ?? undefined, lang) });
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(CatalogProductSchema, res.json());
};
/** A product of the hospital contract matching a condition on p (products) and cp (its contract price). */
const inHospital = (where: ReturnType<typeof sql>) => contractProduct(t.app, hospitalContract, where);

describe('product detail', () => {
  it('shows every field of spec section 2, in the reader\'s language', async () => {
    const row = await inHospital(sql`p.kind = 'product' and p.nsn is not null and p.length_mm is not null and p.colour is not null and cp.price_cents is not null and p.stock_level > p.low_stock_threshold`);
    const en = await detail(row.slug);
    expect(en).toMatchObject({ id: row.id, article_code: row.article_code, nsn: row.nsn, stock_state: 'in_stock', orderable: true, is_bundle: false });
    for (const field of ['name', 'brand', 'product_code', 'colour', 'dimensions', 'weight', 'units', 'category', 'sub_category', 'product_group', 'description'] as const) {
      expect(en[field], field).toBeTruthy();
    }
    expect(en.dimensions).toMatch(/^\d+ × \d+ × \d+ mm$/);
    expect(en.technical_specs.length).toBeGreaterThan(0);
    expect(en.technical_sheet_url).toBe(`/api/v1/catalog/products/${row.slug}/technical-sheet`);
    expect(en.stock_level).toBe(row.stock_level);
    const nl = await detail(row.slug, 'portal', hospital, 'nl');
    expect(nl.name).not.toBe(en.name);
    expect(nl.category).not.toBe(en.category);
  });

  it('prices with and without VAT from the contract', async () => {
    const row = await inHospital(sql`cp.price_cents is not null and p.vat_rate_bp = 2100`);
    const p = await detail(row.slug);
    expect(p.price).toEqual({ excl_vat: row.price_cents, incl_vat: Math.round(row.price_cents! * 1.21), vat_rate: 21 });
    const [low] = await query<{ slug: string; price_cents: number; vat_rate_bp: number }>(t.app, sql`select slug, price_cents, vat_rate_bp from products where vat_rate_bp <> 2100 and price_cents is not null and not contract_only and shop <> 'tactical' limit 1`);
    if (low) {
      const pub = await detail(low.slug, 'medical', VISITOR);
      expect(pub.price!.vat_rate).toBe(low.vat_rate_bp / 100);
      expect(pub.price!.incl_vat).toBe(Math.round((low.price_cents * (10000 + low.vat_rate_bp)) / 10000));
    }
  });

  it.each<[StockState, string]>([
    ['in_stock', 'p.active and cp.price_cents is not null and p.stock_level > p.low_stock_threshold'],
    ['low_stock', 'p.active and cp.price_cents is not null and p.stock_level between 1 and p.low_stock_threshold'],
    ['backorder', 'p.active and cp.price_cents is not null and p.stock_level = 0 and p.backorder_allowed'],
    ['not_available', 'p.active and cp.price_cents is not null and p.stock_level = 0 and not p.backorder_allowed'],
    ['price_on_request', 'cp.price_cents is null'],
  ])('shows the stock state %s', async (state, where) => {
    const row = await inHospital(sql.raw(where));
    const p = await detail(row.slug);
    expect(p.stock_state).toBe(state);
    expect(p.orderable).toBe(state === 'in_stock' || state === 'low_stock' || state === 'backorder');
    if (state === 'price_on_request') expect(p.price).toBeNull();
    if (state === 'low_stock') expect(p.max_quantity).toBeGreaterThanOrEqual(row.stock_level);
    if (state === 'backorder') expect(p.max_quantity).toBe(9999);
  });

  it('flags a product outside the contract "not within contract", without a price, not orderable', async () => {
    const [row] = await query<{ slug: string }>(
      t.app,
      sql`select slug from products p where not contract_only and price_cents is not null and not exists (select 1 from contract_prices cp where cp.product_id = p.id and cp.contract_id = ${hospitalContract}) limit 1`,
    );
    const p = await detail(row!.slug);
    expect(p).toMatchObject({ stock_state: 'not_within_contract', orderable: false, price: null, max_quantity: 0 });
  });

  it('shows bundle membership and a bundle\'s contents', async () => {
    const [line] = await query<{ bundle: string; product: string }>(
      t.app,
      sql`select b.slug as bundle, p.slug as product from bundle_lines bl join products b on b.id = bl.bundle_id join products p on p.id = bl.product_id
          where b.shop <> 'tactical' and p.shop <> 'tactical' and not p.contract_only limit 1`,
    );
    const bundle = await detail(line!.bundle, 'medical', VISITOR);
    expect(bundle.is_bundle).toBe(true);
    expect(bundle.bundle_items.length).toBeGreaterThan(1);
    expect(bundle.bundle_items.map((i) => i.slug)).toContain(line!.product);
    const member = await detail(line!.product, 'medical', VISITOR);
    expect(member.bundles.map((b) => b.slug)).toContain(line!.bundle);
  });

  it('lists related and recommended products visible in the same shop', async () => {
    const [rel] = await query<{ slug: string }>(
      t.app,
      sql`select p.slug from product_relations r join products p on p.id = r.product_id join products q on q.id = r.related_product_id
          where p.shop = 'both' and q.shop = 'both' and not q.contract_only limit 1`,
    );
    const p = await detail(rel!.slug, 'medical', VISITOR);
    expect(p.related.length + p.recommended.length).toBeGreaterThan(0);
    for (const r of [...p.related, ...p.recommended]) expect(r.stock_state).not.toBe('not_within_contract');
  });

  it('serves the technical sheet as a PDF', async () => {
    const row = await inHospital(sql`p.kind = 'product'`);
    const res = await t.app.inject({ url: `/api/v1/catalog/products/${row.slug}/technical-sheet?shop=portal`, headers: { authorization: `Bearer ${hospital}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`technical-sheet-${row.article_code.toLowerCase()}.pdf`);
    const text = (await pdfPages(res.rawPayload)).join(' ');
    expect(text).toContain('TECHNICAL SHEET');
    expect(text).toContain(row.article_code);
    // The sheet follows the reader's language, labels and product texts alike.
    const nl = await t.app.inject({
      url: `/api/v1/catalog/products/${row.slug}/technical-sheet?shop=portal`,
      headers: { authorization: `Bearer ${hospital}`, 'accept-language': 'nl-BE' },
    });
    const [name] = await query<{ name: string }>(t.app, sql`select name from product_translations where product_id = ${row.id} and locale = 'nl'`);
    const nlText = (await pdfPages(nl.rawPayload)).join(' ');
    expect(nlText).toContain('TECHNISCHE FICHE');
    expect(nlText).toContain('Artikelcode');
    expect(nlText).toContain(name!.name);
    expect((await t.app.inject({ url: `/api/v1/catalog/products/no-such-product/technical-sheet?shop=medical` })).statusCode).toBe(404);
  });
});

describe('quick order', () => {
  it('resolves each line: found, above stock, not within contract, unknown, not orderable', async () => {
    const found = await inHospital(sql`cp.price_cents is not null and p.active and p.stock_level > 100 and not p.backorder_allowed and p.nsn is not null`);
    const low = await inHospital(sql`cp.price_cents is not null and p.active and not p.backorder_allowed and p.stock_level between 1 and 5`);
    const onRequest = await inHospital(sql`cp.price_cents is null`);
    const [outside] = await query<{ article_code: string }>(t.app, sql`select article_code from products p where not contract_only and not exists (select 1 from contract_prices cp where cp.product_id = p.id and cp.contract_id = ${hospitalContract}) limit 1`);
    const [policeOnly] = await query<{ article_code: string }>(t.app, sql`select article_code from products where contract_only limit 1`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/quick-order',
      headers: headers('portal', hospital),
      payload: {
        lines: [
          { code: found.nsn!.replace(/-/g, ''), quantity: 2 },
          { code: found.article_code.toLowerCase(), quantity: 1 },
          { code: low.article_code, quantity: 50 },
          { code: outside!.article_code, quantity: 1 },
          { code: 'NO-SUCH-CODE', quantity: 1 },
          { code: policeOnly!.article_code, quantity: 1 },
          { code: onRequest.article_code, quantity: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { lines } = v.parse(QuickOrderResultSchema, res.json());
    expect(lines.map((l) => l.status)).toEqual(['found', 'found', 'above_stock', 'not_within_contract', 'unknown', 'unknown', 'not_orderable']);
    expect(lines[0]!.product!.id).toBe(found.id);
    expect(lines[2]!.product!.max_quantity).toBe(low.stock_level);
    expect(lines[5]!.product).toBeNull();
  });

  it('needs a signed-in buyer and valid lines', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: '/api/v1/catalog/quick-order', headers: headers('portal'), payload: { lines: [{ code: 'X', quantity: 1 }] } });
    expect(visitor.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/catalog/quick-order', headers: headers('portal', hospital), payload: { lines: [{ code: '', quantity: -1 }] } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('query plans', () => {
  // The demo catalogue is small enough for sequential scans to win, so the planner is told to avoid
  // them: the point is that an index exists that serves the query (BENCHMARKS.md has the 1M plans).
  // Sorts are avoided too: on a few dozen rows any index on the contract plus a sort looks as cheap
  // as the one whose order answers ORDER BY … LIMIT, which is what the sorts below need.
  const plan = async (q: ReturnType<typeof sql>) =>
    t.app.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const res = (await tx.execute(sql`explain ${q}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  it('serves search, code search and both sorts from indexes', async () => {
    expect(await plan(sql`select product_id from product_translations where search @@ to_tsquery('dutch'::regconfig, 'handschoen:*')`)).toContain('product_translations_search_idx');
    expect(await plan(sql`select id from products where search_codes like '%6545013%'`)).toContain('products_search_codes_trgm_idx');
    expect(await plan(sql`select id from products where shop in ('medical','both') order by price_cents, id limit 24`)).toContain('products_price_idx');
    expect(await plan(sql`select product_id from contract_prices where contract_id = ${hospitalContract} order by price_cents desc nulls first, product_id desc limit 24`)).toContain(
      'contract_prices_contract_price_idx',
    );
    expect(await plan(sql`select product_id from product_translations where locale = 'fr' order by lower(name), product_id limit 24`)).toContain('product_translations_name_idx');
  });
});
