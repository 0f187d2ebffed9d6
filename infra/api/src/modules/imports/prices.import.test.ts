// Contract of the prices import (issue 29, decision 049): contracts by customer number and their
// prices by contract number and article code, versioned; unknown references refused by line.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_ERRORS, INTEGRATION_ERRORS } from '@portal/shared/schemas';
import { contractPrices, contracts, organisations, products } from '../../db/schema';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ndjson, productLine, sendBulk, subCategory } from './imports.test-support';

let t: TestApp;
let client: TestIntegrationClient;
let customer: string;
beforeAll(async () => {
  t = await startTestApp();
  client = await integrationClient(t.app, ['catalog:write', 'prices:write']);
  const category = await subCategory(t.app);
  expect((await sendBulk(t.app, 'products', client.headers, ndjson(['PR-1', 'PR-2'].map((c) => productLine(c, category))))).json()).toMatchObject({ accepted: 2 });
  [{ customer }] = await t.app.database.db.select({ customer: organisations.customerNumber }).from(organisations).limit(1) as [{ customer: string }];
});
afterAll(async () => {
  await t?.close();
});

const contract = (over: Record<string, unknown> = {}) => ({
  type: 'contract',
  number: 'CT-IMP-1',
  customer_number: customer,
  version: 1,
  name: { en: 'Framework 2027', nl: 'Raamcontract 2027' },
  starts_on: '2027-01-01',
  ends_on: '2027-12-31',
  payment_term_days: 45,
  conditions: { en: 'Delivery within 48 h', fr: 'Livraison sous 48 h' },
  ...over,
});
const price = (code: string, cents: number | null, version = 1) => ({ type: 'price', contract_number: 'CT-IMP-1', article_code: code, price_cents: cents, version });
const priceOf = async (code: string) => {
  const [row] = await t.app.database.db
    .select({ cents: contractPrices.priceCents, version: contractPrices.sourceVersion })
    .from(contractPrices)
    .innerJoin(contracts, eq(contracts.id, contractPrices.contractId))
    .innerJoin(products, eq(products.id, contractPrices.productId))
    .where(and(eq(contracts.number, 'CT-IMP-1'), eq(products.articleCode, code)));
  return row;
};

describe('prices import', () => {
  it('writes a contract and then its prices in one upload, refusing unknown references by line', async () => {
    const jobId = randomUUID();
    const res = await sendBulk(
      t.app,
      'prices',
      client.headers,
      ndjson([
        contract(),
        price('PR-1', 990),
        price('PR-2', null),
        price('NO-SUCH-PRODUCT', 1),
        { ...price('PR-1', 1), contract_number: 'NO-SUCH-CONTRACT' },
        contract({ number: 'CT-IMP-2', customer_number: 'NO-SUCH-CUSTOMER' }),
        contract({ number: 'CT-IMP-3', starts_on: '2027-02-30' }),
        contract({ number: 'CT-IMP-4', ends_on: '2026-01-01' }),
      ]),
      jobId,
    );
    expect(res.json()).toMatchObject({ status: 'done', accepted: 3, unchanged: 0, refused: 5 });
    const [row] = await t.app.database.db.select().from(contracts).where(eq(contracts.number, 'CT-IMP-1'));
    expect(row).toMatchObject({ name: 'Framework 2027', nameTranslations: { nl: 'Raamcontract 2027' }, paymentTermDays: 45, conditions: 'Delivery within 48 h', conditionsTranslations: { fr: 'Livraison sous 48 h' }, sourceVersion: 1 });
    expect(await priceOf('PR-1')).toEqual({ cents: 990, version: 1 });
    expect(await priceOf('PR-2')).toEqual({ cents: null, version: 1 });
    const refused = (await t.app.inject({ url: `/api/integration/v1/jobs/${jobId}/refusals`, headers: client.headers })).json();
    expect(refused.items.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual([
      [4, IMPORT_ERRORS.UNKNOWN_PRODUCT],
      [5, IMPORT_ERRORS.UNKNOWN_CONTRACT],
      [6, IMPORT_ERRORS.UNKNOWN_CUSTOMER],
      [7, IMPORT_ERRORS.INVALID_RECORD],
      [8, IMPORT_ERRORS.CONTRACT_DATES],
    ]);
  });

  it('changes nothing on a replay or an older version; a newer one wins whatever its place', async () => {
    const replay = await sendBulk(t.app, 'prices', client.headers, ndjson([contract(), price('PR-1', 990), price('PR-1', 500, 0)]));
    expect(replay.json()).toMatchObject({ accepted: 0, unchanged: 3 });
    expect(await priceOf('PR-1')).toEqual({ cents: 990, version: 1 });
    const newer = await sendBulk(t.app, 'prices', client.headers, ndjson([price('PR-1', 700, 3), price('PR-1', 800, 2), contract({ version: 2, payment_term_days: 60 })]));
    expect(newer.json()).toMatchObject({ accepted: 2, unchanged: 1 });
    expect(await priceOf('PR-1')).toEqual({ cents: 700, version: 3 });
    expect((await t.app.database.db.select().from(contracts).where(eq(contracts.number, 'CT-IMP-1')))[0]?.paymentTermDays).toBe(60);
  });

  it('needs prices:write', async () => {
    const catalogOnly = await integrationClient(t.app, ['catalog:write']);
    const res = await sendBulk(t.app, 'prices', catalogOnly.headers, ndjson([price('PR-1', 1, 99)]));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(INTEGRATION_ERRORS.SCOPE_MISSING);
    expect(await priceOf('PR-1')).toEqual({ cents: 700, version: 3 });
  });
});
