// Scan to order's GTIN lookup (issue 42, decision 075): the contract's price, never another's; an
// unknown or non-contract GTIN said so; a wrong GTIN refused with a stable code; a recalled lot named.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GtinLookupSchema, gtin14, type GtinLookup } from '@portal/shared/schemas';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { accessToken, contractOf, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';

const RECALLED_LOT = 'LOT-RECALLED-1';
const asked: { gtin: string; lot: string }[] = [];

let t: TestApp;
let hospital: string;
let police: string;
let hospitalContract: string;
let policeContract: string;
beforeAll(async () => {
  // A recalls port that recalls one lot of every GTIN, and notes what it was asked.
  t = await startTestApp({}, undefined, {
    lotRecalls: {
      recallOf: async (_db, gtin, lot) => {
        asked.push({ gtin, lot });
        return lot === RECALLED_LOT ? { reference: `FSN-${gtin.slice(-4)}` } : null;
      },
    },
  });
  [hospital, police] = await Promise.all([accessToken(t.app, HOSPITAL_BUYER), accessToken(t.app, POLICE_BUYER)]);
  [hospitalContract, policeContract] = await Promise.all([contractOf(t.app, HOSPITAL_BUYER), contractOf(t.app, POLICE_BUYER)]);
});
afterAll(async () => {
  await t?.close();
});

const lookup = (gtin: string, token: string | undefined, qs = '', shop = 'portal', lang = 'en') =>
  t.app.inject({
    url: `/api/v1/catalog/gtin/${encodeURIComponent(gtin)}${qs}`,
    headers: { 'x-shop-type': shop, 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
async function found(gtin: string, token: string, qs = '', lang = 'en'): Promise<GtinLookup> {
  const res = await lookup(gtin, token, qs, 'portal', lang);
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(GtinLookupSchema, res.json());
}

/** A seeded product with a GTIN, in one contract (with its price there) and as asked of the other. */
async function productWith(where: ReturnType<typeof sql>) {
  const [row] = await query<{ id: string; gtin: string; name: string; hospital_cents: number | null; police_cents: number | null }>(
    t.app,
    sql`select p.id, p.gtin, t.name, h.price_cents as hospital_cents, po.price_cents as police_cents
        from products p join product_translations t on t.product_id = p.id and t.locale = 'nl'
        left join contract_prices h on h.product_id = p.id and h.contract_id = ${hospitalContract}
        left join contract_prices po on po.product_id = p.id and po.contract_id = ${policeContract}
        where p.gtin is not null and ${where} order by p.article_code limit 1`,
  );
  if (!row) throw new Error('the seed has no such product');
  return row;
}

const orderable = sql`p.active and not p.price_on_request and p.stock_level > 0`;

describe('GET /api/v1/catalog/gtin/:gtin', () => {
  it('answers a contract product at the caller\'s contract price, named in the request\'s language, found by its 13 or 14 digits', async () => {
    const p = await productWith(sql`${orderable} and h.price_cents is not null and po.price_cents is not null and h.price_cents <> po.price_cents`);
    for (const gtin of [p.gtin, gtin14(p.gtin)]) {
      const hospitalAnswer = await found(gtin, hospital, '', 'nl');
      expect(hospitalAnswer).toMatchObject({ gtin: gtin14(p.gtin), status: 'found', recall: null });
      expect(hospitalAnswer.product).toMatchObject({ id: p.id, name: p.name, orderable: true });
      expect(hospitalAnswer.product!.price!.excl_vat).toBe(p.hospital_cents);
      // The same GTIN for the other organisation: its own contract's price.
      expect((await found(gtin, police)).product!.price!.excl_vat).toBe(p.police_cents);
    }
  });

  it('says "not within contract" without a price for a product outside the contract', async () => {
    const p = await productWith(sql`h.product_id is null and po.product_id is not null and not p.contract_only`);
    const answer = await found(p.gtin, hospital);
    expect(answer.status).toBe('not_within_contract');
    expect(answer.product).toMatchObject({ id: p.id, price: null, orderable: false });
  });

  it("answers another organisation's contract-only product as unknown: its existence does not leak", async () => {
    const p = await productWith(sql`h.product_id is null and po.product_id is not null and p.contract_only`);
    expect(await found(p.gtin, hospital, `?lot=${RECALLED_LOT}`)).toEqual({ gtin: gtin14(p.gtin), status: 'unknown', product: null, recall: null });
    // Its own organisation sees it.
    expect((await found(p.gtin, police)).product?.id).toBe(p.id);
  });

  it('answers a GTIN nobody sells as unknown', async () => {
    expect(await found('4006381333931', hospital)).toEqual({ gtin: '04006381333931', status: 'unknown', product: null, recall: null });
  });

  it('names the recall of a scanned lot, asks only with a lot, and never for a product the buyer may not see', async () => {
    const p = await productWith(sql`${orderable} and h.price_cents is not null`);
    const hidden = await productWith(sql`h.product_id is null and p.contract_only`);
    asked.length = 0;
    expect((await found(p.gtin, hospital, `?lot=${encodeURIComponent(RECALLED_LOT)}`)).recall).toEqual({ reference: `FSN-${p.gtin.slice(-4)}` });
    expect((await found(p.gtin, hospital, '?lot=A1%2F2')).recall).toBeNull();
    expect((await found(p.gtin, hospital)).recall).toBeNull();
    await found(hidden.gtin, hospital, `?lot=${RECALLED_LOT}`);
    await found('4006381333931', hospital, `?lot=${RECALLED_LOT}`);
    expect(asked).toEqual([
      { gtin: gtin14(p.gtin), lot: RECALLED_LOT },
      { gtin: gtin14(p.gtin), lot: 'A1/2' },
    ]);
  });

  it('refuses what is not a GTIN or a lot with a stable 400, never a 500', async () => {
    const cases: [string, string, string][] = [
      ['5400001000016', '', 'CATALOG_GTIN_CHECK_DIGIT'],
      ['05400001000017', '', 'CATALOG_GTIN_CHECK_DIGIT'],
      ['abc', '', 'VALIDATION_FAILED'],
      ['540000100001', '', 'CATALOG_GTIN_CHECK_DIGIT'],
      ['54000010000172', '', 'CATALOG_GTIN_CHECK_DIGIT'],
      ['5'.repeat(60), '', 'VALIDATION_FAILED'],
      ['12345', '', 'VALIDATION_FAILED'],
      ['4006381333931', `?lot=${'A'.repeat(21)}`, 'VALIDATION_FAILED'],
      ['4006381333931', '?lot=%C3%A9t%C3%A9', 'VALIDATION_FAILED'],
      ['4006381333931', '?lot=', 'VALIDATION_FAILED'],
      ['4006381333931', '?other=1', 'VALIDATION_FAILED'],
    ];
    for (const [gtin, qs, code] of cases) {
      const res = await lookup(gtin, hospital, qs);
      expect(res.statusCode, `${gtin}${qs}: ${res.body}`).toBe(400);
      expect(res.json().code, `${gtin}${qs}`).toBe(code);
    }
  });

  it('is for signed-in buyers in the portal only', async () => {
    const visitor = await lookup('4006381333931', undefined);
    expect(visitor.statusCode).toBe(401);
    const shop = await lookup('4006381333931', hospital, '', 'medical');
    expect(shop.statusCode).toBe(400);
    expect(shop.json().code).toBe('CATALOG_SHOP_REQUIRED');
    const staff = await lookup('4006381333931', await accessToken(t.app, 'an.claes@portal-supplier.example'));
    expect(staff.statusCode).toBe(403);
  });
});
