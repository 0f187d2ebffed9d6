// Contract of the products import (issue 29, decision 049): good lines applied, each kind of bad
// line refused with its line number and code while the good ones apply, replays and older versions
// unchanged, bundles after their components, the scope checked, the refusals paged; a device's MDR facts (decision 070).
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_ERRORS, INTEGRATION_ERRORS } from '@portal/shared/schemas';
import { bundleLines, productTranslations, products } from '../../db/schema';
import { auditRows, integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ndjson, productLine, sendBulk, subCategory } from './imports.test-support';

let t: TestApp;
let client: TestIntegrationClient;
let category: string;
beforeAll(async () => {
  t = await startTestApp();
  client = await integrationClient(t.app, ['catalog:write']);
  category = await subCategory(t.app);
});
afterAll(async () => {
  await t?.close();
});

const product = (code: string) => t.app.database.db.select().from(products).where(eq(products.articleCode, code)).then((r) => r[0]);
const refusals = (jobId: string, query = '') => t.app.inject({ url: `/api/integration/v1/jobs/${jobId}/refusals${query}`, headers: client.headers });

describe('products bulk import', () => {
  it('applies good lines with their translations, refuses each kind of bad line by number and code, and keeps the good ones', async () => {
    const body = ndjson([
      productLine('IMP-A1', category, { gtin: '5410000000019', nsn: '6545015323674' }),
      '{"article_code": "IMP-A2", ',
      productLine('IMP-A3', category, { gtin: '5410000000018' }),
      productLine('IMP-A4', 'no-such-category'),
      productLine('IMP-A5', category, { price_cents: 'twelve' }),
      productLine('IMP-A6', category, { surprise: true }),
      '',
      productLine('IMP-A7', category, { price_cents: null, version: 2 }),
    ]);
    const jobId = randomUUID();
    const res = await sendBulk(t.app, 'products', client.headers, body, jobId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: jobId, kind: 'products', status: 'done', accepted: 2, unchanged: 0, refused: 5, last_committed_line: 8 });

    const a1 = await product('IMP-A1');
    expect(a1).toMatchObject({ gtin: '5410000000019', nsn: '6545-01-532-3674', priceCents: 1295, unit: 'box', sourceVersion: 1, kind: 'product' });
    const texts = await t.app.database.db.select().from(productTranslations).where(eq(productTranslations.productId, a1!.id));
    expect(texts.map((r) => `${r.locale}:${r.name}`).sort()).toEqual(['en:Product IMP-A1', 'fr:Produit IMP-A1', 'nl:Product IMP-A1 nl']);
    // Texts written in the product's own statement take its brand (the copy of migration 0044, decision 095).
    expect(texts.map((r) => r.brandId)).toEqual([a1!.brandId, a1!.brandId, a1!.brandId]);
    expect(a1!.brandId).not.toBeNull();
    expect(await product('IMP-A7')).toMatchObject({ priceCents: null, priceOnRequest: true });
    for (const code of ['IMP-A3', 'IMP-A4', 'IMP-A5', 'IMP-A6']) expect(await product(code)).toBeUndefined();

    const page = (await refusals(jobId)).json();
    expect(page.items.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual([
      [2, IMPORT_ERRORS.BAD_JSON],
      [3, IMPORT_ERRORS.GTIN_CHECK_DIGIT],
      [4, IMPORT_ERRORS.UNKNOWN_CATEGORY],
      [5, IMPORT_ERRORS.INVALID_RECORD],
      [6, IMPORT_ERRORS.INVALID_RECORD],
    ]);
    expect(page.items[3].message).toContain('price_cents');
    expect(page.next_after).toBeNull();
    const second = (await refusals(jobId, '?after=3&limit=1')).json();
    expect(second).toEqual({ items: [{ line: 4, code: IMPORT_ERRORS.UNKNOWN_CATEGORY, message: expect.any(String) }], next_after: 4 });

    const job = await t.app.inject({ url: `/api/integration/v1/jobs/${jobId}`, headers: client.headers });
    expect(job.json()).toMatchObject({ status: 'done', accepted: 2, refused: 5 });
    // The client's write is in the audit log with its name.
    expect((await auditRows(t.app, client.clientName)).some((r) => r.action === 'import.products' && r.entityId === jobId)).toBe(true);
  });

  it('changes nothing on a replay or an older version, and writes a newer one', async () => {
    const v5 = productLine('IMP-V1', category, { version: 5, price_cents: 500 });
    expect((await sendBulk(t.app, 'products', client.headers, ndjson([v5]))).json()).toMatchObject({ accepted: 1 });
    const before = await product('IMP-V1');
    // Replayed, then an older version: both unchanged, nothing written.
    const replay = await sendBulk(t.app, 'products', client.headers, ndjson([v5, productLine('IMP-V1', category, { version: 4, price_cents: 400 })]));
    expect(replay.json()).toMatchObject({ accepted: 0, unchanged: 2, refused: 0 });
    expect(await product('IMP-V1')).toEqual(before);
    // Out of order within one upload: the newest wins whatever its place.
    const mixed = await sendBulk(t.app, 'products', client.headers, ndjson([productLine('IMP-V1', category, { version: 9, price_cents: 900 }), productLine('IMP-V1', category, { version: 7, price_cents: 700 })]));
    expect(mixed.json()).toMatchObject({ accepted: 1, unchanged: 1 });
    expect(await product('IMP-V1')).toMatchObject({ priceCents: 900, sourceVersion: 9 });
  });

  it("a newer version replaces the texts and a bundle's lines; a new product's texts are written with it", async () => {
    const first = [productLine('IMP-U1', category), productLine('IMP-U2', category), productLine('IMP-UB', category, { bundle: [{ article_code: 'IMP-U1', quantity: 2 }] })];
    expect((await sendBulk(t.app, 'products', client.headers, ndjson(first))).json()).toMatchObject({ accepted: 3 });
    const bundle = (await product('IMP-UB'))!;
    const texts = () => t.app.database.db.select().from(productTranslations).where(eq(productTranslations.productId, bundle.id)).orderBy(productTranslations.locale);
    expect((await texts()).map((r) => r.name)).toEqual(['Product IMP-UB', 'Produit IMP-UB', 'Product IMP-UB nl']);
    const newer = productLine('IMP-UB', category, {
      version: 2,
      translations: {
        en: { name: 'Trauma kit', description: 'Two tourniquets' },
        nl: { name: 'Traumakit', description: 'Twee tourniquets' },
        fr: { name: 'Kit trauma', description: 'Deux garrots' },
      },
      bundle: [{ article_code: 'IMP-U2', quantity: 1 }],
      brand: 'Other Import Brand',
    });
    expect((await sendBulk(t.app, 'products', client.headers, ndjson([newer]))).json()).toMatchObject({ accepted: 1 });
    // A new brand reaches the texts' copy of it (decision 095).
    const rebranded = (await product('IMP-UB'))!;
    expect(rebranded.brandId).not.toBe(bundle.brandId);
    expect((await texts()).map((r) => r.brandId)).toEqual([rebranded.brandId, rebranded.brandId, rebranded.brandId]);
    expect((await texts()).map((r) => [r.locale, r.name, r.description])).toEqual([
      ['en', 'Trauma kit', 'Two tourniquets'],
      ['fr', 'Kit trauma', 'Deux garrots'],
      ['nl', 'Traumakit', 'Twee tourniquets'],
    ]);
    const lines = await t.app.database.db.select().from(bundleLines).where(eq(bundleLines.bundleId, bundle.id));
    expect(lines).toEqual([expect.objectContaining({ productId: (await product('IMP-U2'))!.id, quantity: 1 })]);
  });

  it('accepts a bundle after its components (same upload or before), refuses one whose component is unknown', async () => {
    const res = await sendBulk(
      t.app,
      'products',
      client.headers,
      ndjson([
        productLine('IMP-C1', category),
        productLine('IMP-B1', category, { bundle: [{ article_code: 'IMP-C1', quantity: 2 }, { article_code: 'IMP-A1', quantity: 1 }] }),
        productLine('IMP-B2', category, { bundle: [{ article_code: 'IMP-NOPE', quantity: 1 }] }),
      ]),
    );
    expect(res.json()).toMatchObject({ accepted: 2, refused: 1 });
    const bundle = await product('IMP-B1');
    expect(bundle?.kind).toBe('bundle');
    expect(await t.app.database.db.select().from(bundleLines).where(eq(bundleLines.bundleId, bundle!.id))).toHaveLength(2);
    expect((await refusals(res.json().id)).json().items[0]).toMatchObject({ line: 3, code: IMPORT_ERRORS.UNKNOWN_COMPONENT });
  });

  it('needs catalog:write; a job of another client is not found; a job id names one kind', async () => {
    const stockOnly = await integrationClient(t.app, ['stock:write']);
    const res = await sendBulk(t.app, 'products', stockOnly.headers, ndjson([productLine('IMP-S1', category)]));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(INTEGRATION_ERRORS.SCOPE_MISSING);
    expect(await product('IMP-S1')).toBeUndefined();

    const jobId = randomUUID();
    await sendBulk(t.app, 'products', client.headers, ndjson([productLine('IMP-S2', category)]), jobId);
    const other = await integrationClient(t.app, ['catalog:write', 'stock:write']);
    expect((await t.app.inject({ url: `/api/integration/v1/jobs/${jobId}`, headers: other.headers })).json().code).toBe(IMPORT_ERRORS.JOB_NOT_FOUND);
    expect((await sendBulk(t.app, 'products', other.headers, ndjson([productLine('IMP-S3', category)]), jobId)).statusCode).toBe(404);
    const clientBoth = await integrationClient(t.app, ['catalog:write', 'stock:write']);
    const productsJob = randomUUID();
    await sendBulk(t.app, 'products', clientBoth.headers, ndjson([productLine('IMP-S4', category)]), productsJob);
    expect((await sendBulk(t.app, 'stock', clientBoth.headers, ndjson([{ article_code: 'IMP-S4', level: 1, version: 1 }]), productsJob)).json().code).toBe(IMPORT_ERRORS.JOB_CONFLICT);
  });

  it('refuses a body that is not NDJSON and a malformed job id', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/integration/v1/products/bulk', headers: client.headers, payload: productLine('IMP-J1', category) });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe(IMPORT_ERRORS.NOT_NDJSON);
    const badId = await t.app.inject({ method: 'POST', url: '/api/integration/v1/products/bulk', headers: { ...client.headers, 'content-type': 'application/x-ndjson', 'import-job-id': 'job-1' }, payload: '' });
    expect(badId.statusCode).toBe(400);
  });

  it('resumes a job: lines up to the last committed one are skipped', async () => {
    const jobId = randomUUID();
    const lines = [1, 2, 3, 4].map((i) => productLine(`IMP-R${i}`, category, { price_cents: i }));
    await sendBulk(t.app, 'products', client.headers, ndjson(lines.slice(0, 2)), jobId);
    // Line 1 changed meanwhile in the file: a resumed upload does not send it again.
    const resent = [productLine('IMP-R1', category, { price_cents: 999, version: 99 }), ...lines.slice(1)];
    const res = await t.app.inject({ method: 'POST', url: `/api/integration/v1/products/bulk?resume=${jobId}`, headers: { ...client.headers, 'content-type': 'application/x-ndjson' }, payload: ndjson(resent) });
    expect(res.json()).toMatchObject({ status: 'done', accepted: 4, last_committed_line: 4 });
    expect((await product('IMP-R1'))?.priceCents).toBe(1);
    expect((await product('IMP-R4'))?.priceCents).toBe(4);
    // The facet counts saw the imported products (statement triggers, decision 042).
    const counted = await t.app.database.db.execute(sql`select coalesce(sum(n), 0)::int as n from product_facet_counts`);
    const total = await t.app.database.db.execute(sql`select count(*)::int as n from products`);
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe((total as unknown as { rows: { n: number }[] }).rows[0]!.n);
  });
});

// A product's medical-device facts (issue 42, decision 070): class, flags and a UDI-DI apart from the
// GTIN, written with the product under the same replay and version rule; bad ones refused by line.
const device = (code: string) =>
  t.app.database.db
    .select({ gtin: products.gtin, udiDi: products.udiDi, mdrClass: products.mdrClass, implantable: products.implantable, singleUse: products.singleUse, sourceVersion: products.sourceVersion })
    .from(products)
    .where(eq(products.articleCode, code))
    .then((r) => r[0]);

describe("a product's medical-device facts through the products import", () => {
  it('writes class, flags and UDI-DI, and refuses a bad class, a bad UDI-DI and device facts without a class', async () => {
    const jobId = randomUUID();
    const res = await sendBulk(
      t.app,
      'products',
      client.headers,
      ndjson([
        productLine('DEV-1', category, { gtin: '5410000000019', udi_di: '10012345678902', mdr_class: 'III', implantable: true, single_use: true }),
        productLine('DEV-2', category, { mdr_class: 'IIc' }),
        productLine('DEV-3', category, { mdr_class: 'IIa', udi_di: '10012345678903' }),
        productLine('DEV-4', category, { implantable: true }),
        productLine('DEV-5', category, { gtin: '4006381333931', mdr_class: 'I' }),
      ]),
      jobId,
    );
    expect(res.json()).toMatchObject({ status: 'done', accepted: 2, refused: 3 });
    expect(await device('DEV-1')).toMatchObject({ gtin: '5410000000019', udiDi: '10012345678902', mdrClass: 'III', implantable: true, singleUse: true });
    expect(await device('DEV-5')).toMatchObject({ udiDi: null, mdrClass: 'I', implantable: false, singleUse: false });
    const refused = (await t.app.inject({ url: `/api/integration/v1/jobs/${jobId}/refusals`, headers: client.headers })).json();
    expect(refused.items.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual([
      [2, IMPORT_ERRORS.INVALID_RECORD],
      [3, IMPORT_ERRORS.INVALID_RECORD],
      [4, IMPORT_ERRORS.INVALID_RECORD],
    ]);
    expect(refused.items[0].message).toContain('mdr_class');
    expect(refused.items[1].message).toContain('udi_di');
    expect(refused.items[2].message).toContain('mdr_class');
  });

  it('keeps the facts on a replay and an older version, and a newer version changes them', async () => {
    const v3 = productLine('DEV-V', category, { version: 3, mdr_class: 'IIb', single_use: true });
    expect((await sendBulk(t.app, 'products', client.headers, ndjson([v3]))).json()).toMatchObject({ accepted: 1 });
    const replay = await sendBulk(t.app, 'products', client.headers, ndjson([v3, productLine('DEV-V', category, { version: 2, mdr_class: 'I' })]));
    expect(replay.json()).toMatchObject({ accepted: 0, unchanged: 2 });
    expect(await device('DEV-V')).toMatchObject({ mdrClass: 'IIb', singleUse: true, sourceVersion: 3 });
    // A newer version without the facts: no longer a medical device.
    expect((await sendBulk(t.app, 'products', client.headers, ndjson([productLine('DEV-V', category, { version: 4 })]))).json()).toMatchObject({ accepted: 1 });
    expect(await device('DEV-V')).toMatchObject({ mdrClass: null, singleUse: false, sourceVersion: 4 });
  });
});
