// Contract of the stock import (issue 29, decision 049): absolute levels with versions, deltas once
// per id, unknown products refused, the single-record route, the scope.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_ERRORS, INTEGRATION_ERRORS } from '@portal/shared/schemas';
import { products } from '../../db/schema';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ndjson, productLine, sendBulk, subCategory } from './imports.test-support';

let t: TestApp;
let client: TestIntegrationClient;
beforeAll(async () => {
  t = await startTestApp();
  client = await integrationClient(t.app, ['catalog:write', 'stock:write']);
  const category = await subCategory(t.app);
  const res = await sendBulk(t.app, 'products', client.headers, ndjson(['ST-1', 'ST-2', 'ST-3'].map((c) => productLine(c, category))));
  expect(res.json()).toMatchObject({ accepted: 3 });
});
afterAll(async () => {
  await t?.close();
});

const level = (code: string) =>
  t.app.database.db
    .select({ stock: products.stockLevel, version: products.stockVersion, restock: products.restockDate })
    .from(products)
    .where(eq(products.articleCode, code))
    .then((r) => r[0]);
const put = (code: string, payload: object, headers = client.headers) => t.app.inject({ method: 'PUT', url: `/api/integration/v1/stock/${code}`, headers, payload });

describe('stock import', () => {
  it('sets absolute levels by version, applies each delta once, refuses unknown products and bad lines', async () => {
    const jobId = randomUUID();
    const res = await sendBulk(
      t.app,
      'stock',
      client.headers,
      ndjson([
        { article_code: 'ST-1', level: 50, version: 10, restock_date: '2026-12-24' },
        { article_code: 'ST-1', level: 70, version: 9 },
        { article_code: 'ST-2', delta: 5, delta_id: 'd-1' },
        { article_code: 'ST-2', delta: 5, delta_id: 'd-1' },
        { article_code: 'ST-2', delta: -2, delta_id: 'd-2' },
        { article_code: 'NO-SUCH', level: 1, version: 1 },
        { article_code: 'ST-3', level: -1, version: 1 },
        { article_code: 'ST-3', level: 1, version: 1, restock_date: '2026-02-30' },
      ]),
      jobId,
    );
    expect(res.json()).toMatchObject({ status: 'done', accepted: 3, unchanged: 2, refused: 3 });
    expect(await level('ST-1')).toEqual({ stock: 50, version: 10, restock: '2026-12-24' });
    expect((await level('ST-2'))?.stock).toBe(3);
    const refused = (await t.app.inject({ url: `/api/integration/v1/jobs/${jobId}/refusals`, headers: client.headers })).json();
    expect(refused.items.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual([
      [6, IMPORT_ERRORS.UNKNOWN_PRODUCT],
      [7, IMPORT_ERRORS.INVALID_RECORD],
      [8, IMPORT_ERRORS.INVALID_RECORD],
    ]);
    // Replayed as a whole: nothing changes.
    const replay = await sendBulk(t.app, 'stock', client.headers, ndjson([{ article_code: 'ST-1', level: 50, version: 10 }, { article_code: 'ST-2', delta: 5, delta_id: 'd-1' }]));
    expect(replay.json()).toMatchObject({ accepted: 0, unchanged: 2 });
    expect((await level('ST-2'))?.stock).toBe(3);
  });

  it('updates one product: applied, unchanged for an older version or a known delta, 404 for an unknown code, 403 without the scope', async () => {
    expect((await put('ST-3', { level: 8, version: 100 })).json()).toEqual({ result: 'applied' });
    expect((await put('ST-3', { level: 9, version: 99 })).json()).toEqual({ result: 'unchanged' });
    expect((await put('ST-3', { delta: -10, delta_id: 'single-1' })).json()).toEqual({ result: 'applied' });
    expect((await put('ST-3', { delta: -10, delta_id: 'single-1' })).json()).toEqual({ result: 'unchanged' });
    // Never below zero.
    expect((await level('ST-3'))?.stock).toBe(0);
    const unknown = await put('NO-SUCH', { level: 1, version: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(IMPORT_ERRORS.UNKNOWN_PRODUCT);
    expect((await put('ST-3', { level: 1, version: 1e20 })).statusCode).toBe(400);
    expect((await put('ST-3', { level: 1 })).statusCode).toBe(400);
    const catalogOnly = await integrationClient(t.app, ['catalog:write']);
    const refused = await put('ST-3', { level: 1, version: 1000 }, catalogOnly.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(INTEGRATION_ERRORS.SCOPE_MISSING);
    expect((await level('ST-3'))?.stock).toBe(0);
  });
});
