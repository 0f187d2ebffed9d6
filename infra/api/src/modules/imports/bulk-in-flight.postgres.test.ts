// Two batches of one upload in flight on two connections (decision 049 amended): the later batch
// commits while the earlier one is still open, the job keeps both right, and two batches that write
// the same products wait for each other (or are tried again after a deadlock) without losing the
// newest version.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductRecord } from '@portal/shared/schemas';
import type { IntegrationCaller } from '../../caller';
import { importJobs } from './tables';
import { products } from '../../db/schema';
import { catalogueImport, recordIntegrationWrite } from '../../test-support/import-ports';
import { integrationClient } from '../../test-support/integration-clients';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { createBulkRunner } from './bulk';
import type { ImportKind } from './import-kind';
import { productLine, subCategory } from './imports.test-support';
import { createJobsRepository } from './jobs.repository';
import { productsKind } from './kind-products';

let t: TestApp;
let caller: IntegrationCaller;
let category: string;
beforeAll(async () => {
  t = await startTestApp();
  const client = await integrationClient(t.app, ['catalog:write']);
  caller = { kind: 'integration', clientId: client.clientId, clientName: client.clientName, scopes: ['catalog:write'], organisationId: null };
  category = await subCategory(t.app);
});
afterAll(async () => {
  await t?.close();
});

const body = (lines: unknown[]) => Readable.from(lines.map((l) => `${JSON.stringify(l)}\n`));
const jobRow = async (id: string) => (await t.app.database.db.select().from(importJobs).where(eq(importJobs.id, id)))[0]!;

function setUp(kind: ImportKind<ProductRecord>, batchLines: number) {
  const jobs = createJobsRepository(t.app.database.db);
  const runner = createBulkRunner({ db: t.app.database.db, jobs, log: t.app.log, audit: recordIntegrationWrite, batchLines, inFlight: 2 });
  return { jobs, runner };
}

describe('two batches in flight', () => {
  it('commits a later batch while the one before it is still open, and the job ends with every line', async () => {
    const real = productsKind(catalogueImport);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // The first batch waits inside its transaction until the test has seen the second one committed.
    const kind: ImportKind<ProductRecord> = { ...real, apply: async (tx, context, lines) => (lines[0]!.lineNo === 1 && (await gate), real.apply(tx, context, lines)) };
    const { jobs, runner } = setUp(kind, 2);
    const id = randomUUID();
    const job = (await jobs.open(caller.clientId, id, 'products'))!;
    const lines = Array.from({ length: 6 }, (_, i) => productLine(`FLIGHT-${i + 1}`, category));
    const running = runner.run(kind, caller, job, body(lines));

    try {
      await expect.poll(async () => jobRow(id), { timeout: 30_000, interval: 20 }).toMatchObject({ lastLine: 0, aheadLines: expect.stringMatching(/^\{\[3,/) });
    } finally {
      open();
    }
    await running;
    expect(await jobRow(id)).toMatchObject({ lastLine: 6, aheadLines: '{}', accepted: 6 });
    const written = await t.app.database.db.select({ code: products.articleCode }).from(products).where(like(products.articleCode, 'FLIGHT-%'));
    expect(written).toHaveLength(6);
  });

  it('keeps the newest version of a product sent in two batches that are in flight together', { timeout: 120_000 }, async () => {
    const kind = productsKind(catalogueImport);
    const { jobs, runner } = setUp(kind, 4);
    const id = randomUUID();
    const job = (await jobs.open(caller.clientId, id, 'products'))!;
    // Ten products, each sent three times with its versions shuffled, neighbours in adjacent batches.
    const versions = [
      [2, 3, 1],
      [3, 1, 2],
      [1, 2, 3],
    ];
    const lines = Array.from({ length: 30 }, (_, i) => {
      const n = i % 10;
      const version = versions[n % 3]![Math.floor(i / 10)]!;
      return productLine(`TWICE-${n}`, category, { version, price_cents: version * 100 });
    });
    await runner.run(kind, caller, job, body(lines));

    const done = await jobRow(id);
    expect(done).toMatchObject({ lastLine: 30, aheadLines: '{}', refused: 0 });
    expect(done.accepted + done.unchanged).toBe(30);
    const written = await t.app.database.db
      .select({ code: products.articleCode, version: products.sourceVersion, price: products.priceCents })
      .from(products)
      .where(like(products.articleCode, 'TWICE-%'));
    expect(written).toHaveLength(10);
    for (const row of written) expect(row).toMatchObject({ version: 3, price: 300 });
  });

  it('accepts a bundle whose components an earlier batch, still open, is writing', async () => {
    const real = productsKind(catalogueImport);
    let secondTried!: () => void;
    const tried = new Promise<void>((resolve) => (secondTried = resolve));
    // The first batch (the components) waits until the second (the bundle) has been tried once,
    // when it could not see them yet.
    const kind: ImportKind<ProductRecord> = {
      ...real,
      apply: async (tx, context, lines) => {
        if (lines[0]!.lineNo === 1) await tried;
        const outcomes = await real.apply(tx, context, lines);
        if (lines[0]!.lineNo === 3) secondTried();
        return outcomes;
      },
    };
    const { jobs, runner } = setUp(kind, 2);
    const id = randomUUID();
    const job = (await jobs.open(caller.clientId, id, 'products'))!;
    const lines = [
      productLine('PART-1', category),
      productLine('PART-2', category),
      productLine('KIT-1', category, { bundle: [{ article_code: 'PART-1', quantity: 2 }, { article_code: 'PART-2', quantity: 1 }] }),
    ];
    await runner.run(kind, caller, job, body(lines));
    expect(await jobRow(id)).toMatchObject({ lastLine: 3, accepted: 3, refused: 0 });
    const [kit] = await t.app.database.db.select().from(products).where(eq(products.articleCode, 'KIT-1'));
    expect(kit).toMatchObject({ kind: 'bundle' });
  });
});
