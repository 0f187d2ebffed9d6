// Where scan to order meets the recalls (issue 42, decisions 074 and 075): once staff open a recall
// of a lot, a buyer who scans that lot of the product is told it is under recall, with the
// recall's reference; another lot of the same product, and the product scanned without a lot, are not.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GtinLookupSchema } from '@portal/shared/schemas';
import { accessToken, contractOf, HOSPITAL_BUYER, query } from '../test-support/demo-buyers';
import { CASE_MANAGER } from '../test-support/orders';
import { openRecall } from '../test-support/recalls';
import { startTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a scanned lot under recall', () => {
  it('is named by the GTIN lookup once staff have opened the recall, and only that lot', async () => {
    const [buyer, staff] = [await accessToken(t.app, HOSPITAL_BUYER), await accessToken(t.app, CASE_MANAGER)];
    const contract = await contractOf(t.app, HOSPITAL_BUYER);
    const [product] = await query<{ gtin: string }>(
      t.app,
      sql`select p.gtin from products p join contract_prices c on c.product_id = p.id and c.contract_id = ${contract}
          where p.gtin is not null and p.active and not p.price_on_request order by p.article_code limit 1`,
    );
    const lookup = async (lot?: string) => {
      const res = await t.app.inject({ url: `/api/v1/catalog/gtin/${product!.gtin}${lot ? `?lot=${encodeURIComponent(lot)}` : ''}`, headers: { authorization: `Bearer ${buyer}`, 'x-shop-type': 'portal' } });
      expect(res.statusCode, res.body).toBe(200);
      return v.parse(GtinLookupSchema, res.json());
    };
    expect((await lookup('SCAN/LOT-1')).recall).toBeNull();

    const opened = await t.app.inject({ method: 'POST', url: '/api/v1/staff/recalls', headers: { authorization: `Bearer ${staff}` }, payload: openRecall(product!.gtin, { lots: ['SCAN/LOT-1'], reference: 'FSCA-SCAN-1' }) });
    expect(opened.statusCode, opened.body).toBe(201);

    expect(await lookup('SCAN/LOT-1')).toMatchObject({ status: 'found', recall: { reference: 'FSCA-SCAN-1' } });
    expect((await lookup('SCAN/LOT-2')).recall).toBeNull();
    expect((await lookup()).recall).toBeNull();
  });
});
