// A bulk import survives kill -9 of the instance that reads it (issue 29, decision 049): every
// record is applied or not (a batch commits with its lines recorded in the job), and sending the same
// body again with the job's id resumes, skipping the committed lines. And what one instance imports,
// the other instance's catalogue answers show (the cache is told by the database, decision 042).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobs } from './tables';
import { rowShape, typedRows } from '../../db/typed-rows';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { startTwinApps, type TwinApps } from '../../test-support/twin-apps';
import { BATCH_LINES } from './bulk';
import { ndjson, productLine, sendBulk, subCategory } from './imports.test-support';
import { lineRanges } from './jobs.repository';

let twins: TwinApps;
let client: TestIntegrationClient;
let category: string;
let child: ChildProcess | undefined;
beforeAll(async () => {
  twins = await startTwinApps();
  client = await integrationClient(twins.a, ['catalog:write']);
  category = await subCategory(twins.a);
}, 120_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await twins?.close();
});

const countRow = rowShape({ n: v.number() });
const count = async (pattern: string) => (await typedRows(twins.a.database.db, countRow, sql`select count(*)::int as n from products where article_code like ${pattern}`))[0]!.n;
const job = async (id: string) => (await twins.a.inject({ url: `/api/integration/v1/jobs/${id}`, headers: client.headers })).json();

/** An instance in its own process on the twins' database; resolves with its port. */
function startChild(): Promise<number> {
  const env = { ...twins.env, jwtSigningKey: Buffer.from(twins.env.jwtSigningKey!).toString('base64') };
  child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../../test-support/instance-child.ts')], {
    env: { ...process.env, PORTAL_CHILD_ENV: JSON.stringify(env) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child!.on('exit', (code) => reject(new Error(`the child instance exited (${code}) before listening`)));
  });
}

describe('bulk import and kill -9', () => {
  it('leaves every record applied or not, and resumes from the last committed line', { timeout: 300_000 }, async () => {
    const total = 12 * BATCH_LINES;
    const lines = Array.from({ length: total }, (_, i) => productLine(`KILL-${String(i + 1).padStart(6, '0')}`, category, { price_cents: i }));
    const body = ndjson(lines);
    const port = await startChild();
    const jobId = randomUUID();

    // The body is written as the instance reads it, and the instance is killed once three batches are in.
    let stopped = false;
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/integration/v1/products/bulk', headers: { ...client.headers, 'content-type': 'application/x-ndjson', 'import-job-id': jobId } });
    const ended = new Promise<void>((resolve) => {
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.on('response', (res) => res.resume().on('end', () => resolve()));
    });
    const writing = (async () => {
      const chunk = 100;
      for (let i = 0; i < total && !stopped; i += chunk) {
        if (req.write(ndjson(lines.slice(i, i + chunk)))) continue;
        await new Promise<void>((resolve) => {
          const done = () => {
            req.off('drain', done).off('close', done);
            resolve();
          };
          req.on('drain', done).on('close', done);
        });
      }
      if (!stopped) req.end();
    })();
    await expect.poll(async () => (await job(jobId)).last_committed_line ?? 0, { timeout: 120_000, interval: 25 }).toBeGreaterThanOrEqual(3 * BATCH_LINES);
    child!.kill('SIGKILL');
    stopped = true;
    await new Promise<void>((resolve) => (child!.exitCode !== null || child!.signalCode !== null ? resolve() : child!.once('exit', () => resolve())));
    await ended;
    await writing;

    const killed = await job(jobId);
    expect(killed.status).toBe('running');
    expect(killed.last_committed_line).toBeLessThan(total);
    expect(killed.last_committed_line % BATCH_LINES).toBe(0);
    // Exactly the committed lines' records are in: no half batch. Two batches are in flight, so the
    // one after the last committed line may have committed before it (its lines are then "ahead").
    const [row] = await twins.a.database.db.select().from(importJobs).where(eq(importJobs.id, jobId));
    const ahead = lineRanges(row!.aheadLines).reduce((n, [from, to]) => n + to - from, 0);
    expect(ahead % BATCH_LINES).toBe(0);
    expect(await count('KILL-%')).toBe(killed.last_committed_line + ahead);
    expect(killed.accepted).toBe(killed.last_committed_line + ahead);

    // Sent again to the other instance with the same job id: the rest goes in, nothing twice.
    const resumed = await sendBulk(twins.b, 'products', client.headers, body, jobId);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'done', accepted: total, unchanged: 0, refused: 0, last_committed_line: total });
    expect(await count('KILL-%')).toBe(total);
  });

  it("shows one instance's import in the other instance's catalogue answers", { timeout: 60_000 }, async () => {
    const headers = { 'x-shop-type': 'medical', 'accept-language': 'en' };
    const name = async () => {
      const res = await twins.a.inject({ url: '/api/v1/catalog/products/twin-1', headers });
      return res.statusCode === 200 ? (res.json().name as string) : res.statusCode;
    };
    await sendBulk(twins.b, 'products', client.headers, ndjson([productLine('TWIN-1', category, { version: 1 })]));
    await expect.poll(name, { timeout: 10_000, interval: 20 }).toBe('Product TWIN-1');
    // Cached on instance a now; a newer version imported through instance b replaces it there.
    expect(await name()).toBe('Product TWIN-1');
    const renamed = productLine('TWIN-1', category, { version: 2 });
    (renamed.translations as { en: { name: string } }).en.name = 'Renamed by the PIM';
    await sendBulk(twins.b, 'products', client.headers, ndjson([renamed]));
    await expect.poll(name, { timeout: 10_000, interval: 20 }).toBe('Renamed by the PIM');
  });
});
