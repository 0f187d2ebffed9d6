// A job's committed lines when batches commit out of line order (decision 049 amended): each batch
// records its own lines, `last_line` only moves over lines that follow each other from line 1, and a
// resumed upload skips exactly the committed lines, wherever they are.
import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobs } from './tables';
import { products } from '../../db/schema';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ndjson, productLine, sendBulk, subCategory } from './imports.test-support';
import { committedLines, createJobsRepository, JobMovedError } from './jobs.repository';

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

const counts = { accepted: 1, unchanged: 0, refused: 0 };
const jobRow = async (id: string) => (await t.app.database.db.select().from(importJobs).where(eq(importJobs.id, id)))[0]!;

describe("a job's committed lines", () => {
  it('keeps a batch committed ahead of the one before it, and closes the gap when that one commits', async () => {
    const jobs = createJobsRepository(t.app.database.db);
    const id = randomUUID();
    await jobs.open(client.clientId, id, 'products');
    const commit = (from: number, to: number) => t.app.database.db.transaction((tx) => jobs.commitBatch(tx, id, from, to, counts, []));

    await commit(4, 6);
    expect(await jobRow(id)).toMatchObject({ lastLine: 0, aheadLines: '{[5,7)}', accepted: 1 });
    await commit(8, 9);
    expect(await jobRow(id)).toMatchObject({ lastLine: 0, aheadLines: '{[5,7),[9,10)}' });
    await commit(0, 4);
    expect(await jobRow(id)).toMatchObject({ lastLine: 6, aheadLines: '{[9,10)}' });
    // Lines another request committed already: the batch is rolled back, the job unchanged.
    await expect(commit(5, 8)).rejects.toBeInstanceOf(JobMovedError);
    await expect(commit(2, 3)).rejects.toBeInstanceOf(JobMovedError);
    await commit(6, 8);
    expect(await jobRow(id)).toMatchObject({ lastLine: 9, aheadLines: '{}', accepted: 4 });

    const committed = committedLines({ lastLine: 3, aheadLines: '{[5,7),[9,10)}' });
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter(committed)).toEqual([1, 2, 3, 5, 6, 9]);
  });

  it('resumes an upload around the lines committed ahead, and writes nothing twice', async () => {
    const id = randomUUID();
    const lines = Array.from({ length: 8 }, (_, i) => productLine(`GAP-${i + 1}`, category));
    // As a crash leaves it: lines 1-2 and 5-6 committed (their records are not in: the test wrote
    // only the job), 3-4 and 7-8 not.
    const jobs = createJobsRepository(t.app.database.db);
    await jobs.open(client.clientId, id, 'products');
    await t.app.database.db.transaction((tx) => jobs.commitBatch(tx, id, 4, 6, { accepted: 2, unchanged: 0, refused: 0 }, []));
    await t.app.database.db.transaction((tx) => jobs.commitBatch(tx, id, 0, 2, { accepted: 2, unchanged: 0, refused: 0 }, []));
    expect(await jobRow(id)).toMatchObject({ lastLine: 2, aheadLines: '{[5,7)}' });

    const res = await sendBulk(t.app, 'products', client.headers, ndjson(lines), id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'done', accepted: 8, refused: 0, last_committed_line: 8 });
    expect(await jobRow(id)).toMatchObject({ aheadLines: '{}' });
    const written = await t.app.database.db.select({ code: products.articleCode }).from(products).where(like(products.articleCode, 'GAP-%'));
    expect(written.map((r) => r.code).sort()).toEqual(['GAP-3', 'GAP-4', 'GAP-7', 'GAP-8']);
  });
});
