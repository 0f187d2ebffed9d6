// The catalogue's item matching for procurement orders (decision 067): which product a line names
// (the seller's id as article or product code, then the GTIN, then the buyer's id), only active
// products, and the organisation's contract price (null outside its contract).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractOf, contractProduct, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { itemMatching } from './item-matching';

let t: TestApp;
let organisationId: string;
let inContract: { id: string; article_code: string; product_code: string; price_cents: number | null };
let other: { id: string; article_code: string };
const GTIN = '05412345000013';

beforeAll(async () => {
  t = await startTestApp();
  const contract = await contractOf(t.app, HOSPITAL_BUYER);
  const [org] = await query<{ organisation_id: string }>(t.app, sql`select organisation_id from contracts where id = ${contract}`);
  organisationId = org!.organisation_id;
  const priced = await contractProduct(t.app, contract, sql`p.active and cp.price_cents is not null and p.product_code is not null and p.product_code <> p.article_code`);
  const [codes] = await query<{ product_code: string }>(t.app, sql`select product_code from products where id = ${priced.id}`);
  inContract = { id: priced.id, article_code: priced.article_code, product_code: codes!.product_code, price_cents: priced.price_cents };
  const [outside] = await query<{ id: string; article_code: string }>(
    t.app,
    sql`select id, article_code from products p where p.active and not exists (select 1 from contract_prices cp where cp.product_id = p.id and cp.contract_id = ${contract}) order by article_code limit 1`,
  );
  other = outside!;
  await query(t.app, sql`update products set gtin = ${GTIN} where id = ${other.id}`);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const ref = (r: { sellersItemId?: string; gtin?: string; buyersItemId?: string }) => ({ sellersItemId: r.sellersItemId ?? null, gtin: r.gtin ?? null, buyersItemId: r.buyersItemId ?? null });

describe('item matching', () => {
  it('names a product by its article code or product code in any case, by GTIN, or by the buyer\'s id, with the contract price', async () => {
    const priced = { id: inContract.id, articleCode: inContract.article_code, contractPriceCents: inContract.price_cents };
    const found = await itemMatching.match(t.app.database.db, organisationId, [
      ref({ sellersItemId: inContract.article_code.toLowerCase() }),
      ref({ sellersItemId: inContract.product_code }),
      ref({ buyersItemId: inContract.article_code }),
      ref({ gtin: GTIN }),
      ref({ sellersItemId: 'NO-SUCH-ITEM', gtin: '00000000000000' }),
    ]);
    expect(found).toEqual([priced, priced, priced, { id: other.id, articleCode: other.article_code, contractPriceCents: null }, null]);
  });

  it("takes the seller's id before the GTIN and the GTIN before the buyer's id", async () => {
    const found = await itemMatching.match(t.app.database.db, organisationId, [
      ref({ sellersItemId: inContract.article_code, gtin: GTIN }),
      ref({ gtin: GTIN, buyersItemId: inContract.article_code }),
    ]);
    expect(found.map((f) => f?.id)).toEqual([inContract.id, other.id]);
  });

  it('does not name an inactive product, and answers null for a line that names nothing', async () => {
    await query(t.app, sql`update products set active = false where id = ${other.id}`);
    try {
      expect(await itemMatching.match(t.app.database.db, organisationId, [ref({ gtin: GTIN })])).toEqual([null]);
    } finally {
      await query(t.app, sql`update products set active = true where id = ${other.id}`);
    }
    expect(await itemMatching.match(t.app.database.db, organisationId, [ref({})])).toEqual([null]);
  });
});
