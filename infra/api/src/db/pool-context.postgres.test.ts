// A statement waiting for a pooled connection keeps its own request's trace (decision 071): pg-pool
// hands the released client to the next caller from inside the release, and that caller's statement
// used to run, and be traced, in the releaser's context. Two sampled requests on a pool of one: the
// second one's `select` must be a span of its own trace, under its own request.
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app';

const SLOW = '1af7651916cd43dd8448eb211c80319c';
const QUICK = '2af7651916cd43dd8448eb211c80319c';
const traceparent = (traceId: string) => ({ traceparent: `00-${traceId}-b7ad6b7169203331-01` });

const exporter = new InMemorySpanExporter();
let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    { tracesSampleRatio: 1, databasePoolMax: 1 },
    (app) => {
      // Holds the pool's one connection until the test has seen the other request wait for it.
      app.get('/test/slow', async () =>
        app.database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await released;
        }),
      );
      app.get('/test/quick', async () => void (await app.database.db.execute(sql`select 1`)));
    },
    { spanExporter: exporter },
  );
});
afterAll(() => {
  release();
  return t?.close();
});

/** Waits for a state of the pool, not for a time. */
async function until(state: (pool: { total: number; idle?: number; waiting?: number }) => boolean) {
  while (!state(t.app.database.poolState()!)) await new Promise((resolve) => setImmediate(resolve));
}

it("runs a waiting caller's statement in its own trace, not in the one that released the connection", async () => {
  // The pool's one connection opened and idle, so that the slow request takes it at once.
  await t.app.inject({ method: 'GET', url: '/api/ready' });
  exporter.reset();
  const slow = t.app.inject({ method: 'GET', url: '/test/slow', headers: traceparent(SLOW) });
  await until((pool) => pool.total === 1 && pool.idle === 0);
  const quick = t.app.inject({ method: 'GET', url: '/test/quick', headers: traceparent(QUICK) });
  await until((pool) => pool.waiting === 1);
  release();
  expect((await Promise.all([slow, quick])).map((res) => res.statusCode)).toEqual([200, 200]);

  const spans = exporter.getFinishedSpans();
  const statements = spans.filter((s) => s.kind === SpanKind.CLIENT && s.name === 'select');
  const quickSelects = statements.filter((s) => s.spanContext().traceId === QUICK);
  expect(quickSelects).toHaveLength(1);
  const ownSpans = new Set(spans.filter((s) => s.spanContext().traceId === QUICK && s.kind !== SpanKind.CLIENT).map((s) => s.spanContext().spanId));
  expect(ownSpans.has(quickSelects[0]!.parentSpanContext!.spanId)).toBe(true);
  expect(statements.filter((s) => s.spanContext().traceId === SLOW)).toHaveLength(1);
});
