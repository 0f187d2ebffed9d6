// Traces (decision 071): the browser's traceparent is followed, the request's server span has the
// database's statements under it, and the log's request id is the trace id.
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN = '00f067aa0ba902b7';

/** Every span under `root` (its descendants), by parent links. */
function descendants(spans: ReadableSpan[], root: ReadableSpan): ReadableSpan[] {
  const ids = new Set([root.spanContext().spanId]);
  const found: ReadableSpan[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (const span of spans) {
      const parent = span.parentSpanContext?.spanId;
      if (parent && ids.has(parent) && !ids.has(span.spanContext().spanId)) {
        ids.add(span.spanContext().spanId);
        found.push(span);
        grew = true;
      }
    }
  }
  return found;
}

describe('tracing to an exporter', () => {
  const exporter = new InMemorySpanExporter();
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ tracesSampleRatio: 1 }, undefined, { spanExporter: exporter, logger: { level: 'info', stream } });
  });
  afterAll(() => t?.close());

  it('follows the incoming traceparent: a server span, a database span under it, the trace id in the log', async () => {
    {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready', headers: { traceparent: `00-${TRACE_ID}-${PARENT_SPAN}-01` } });
      expect(res.statusCode).toBe(200);
      const spans = exporter.getFinishedSpans();
      const server = spans.find((s) => s.kind === SpanKind.SERVER && s.spanContext().traceId === TRACE_ID);
      expect(server).toBeDefined();
      expect(server!.parentSpanContext?.spanId).toBe(PARENT_SPAN);
      expect(server!.attributes['http.route']).toBe('/api/ready');
      const db = descendants(spans, server!).filter((s) => s.kind === SpanKind.CLIENT);
      expect(db.map((s) => s.name)).toContain('select');
      expect(db.every((s) => s.spanContext().traceId === TRACE_ID)).toBe(true);
      const logged = lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
      expect(logged.length).toBeGreaterThan(0);
      expect(logged.every((l) => l.requestId === TRACE_ID)).toBe(true);

      // Without a traceparent the request's own trace id is the log's request id too.
      exporter.reset();
      lines.length = 0;
      const own = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(own.statusCode).toBe(200);
      const ownSpan = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)!;
      expect(ownSpan.parentSpanContext).toBeUndefined();
      const ownLine = lines.find((l) => l.msg === 'incoming request')!;
      expect(ownLine.requestId).toBe(ownSpan.spanContext().traceId);
      // A made-up traceparent is not followed: a fresh trace, whose id is the log's.
      exporter.reset();
      lines.length = 0;
      await t.app.inject({ method: 'GET', url: '/api/health', headers: { traceparent: '00-00000000000000000000000000000000-0000000000000000-01' } });
      const fresh = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)!;
      expect(fresh.spanContext().traceId).not.toMatch(/^0+$/);
      expect(lines.find((l) => l.msg === 'incoming request')!.requestId).toBe(fresh.spanContext().traceId);

      // The browser's calls say "not sampled" (it records nothing itself): the API samples them at its
      // ratio (1 here), under the browser's trace id and as a child of its span id.
      exporter.reset();
      await t.app.inject({ method: 'GET', url: '/api/health', headers: { traceparent: `00-${TRACE_ID}-${PARENT_SPAN}-00` } });
      const browsers = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)!;
      expect(browsers.spanContext().traceId).toBe(TRACE_ID);
      expect(browsers.parentSpanContext?.spanId).toBe(PARENT_SPAN);
    }
  });
});

describe('tracing to a collector that cannot be reached', () => {
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) answers nothing on the loopback: the export fails.
    t = await startTestApp({ otelExporterOtlpEndpoint: 'http://127.0.0.1:9', tracesSampleRatio: 1 }, undefined, { logger: { level: 'warn', stream } });
  });

  it('keeps serving, closes, and says the spans were dropped', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    await t.close();
    // The close sent what was batched, failed, and said so.
    expect(lines.some((l) => l.level === 40 && String(l.msg).startsWith('tracing: '))).toBe(true);
  });
});

// Test files share their worker's modules (vitest `isolate: false`), as a process that stops tracing
// and starts it again does: the second start's statements must reach its own exporter, not the
// stopped provider the first start registered.
describe('tracing started a second time in the same process', () => {
  it("gives the second start's exporter its statements", async () => {
    const selects = async () => {
      const exporter = new InMemorySpanExporter();
      const t = await startTestApp({ tracesSampleRatio: 1 }, undefined, { spanExporter: exporter });
      try {
        await t.app.inject({ method: 'GET', url: '/api/ready', headers: { traceparent: `00-${TRACE_ID}-${PARENT_SPAN}-01` } });
        // Read before the close: shutting the exporter down empties it.
        return exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.CLIENT && s.name === 'select').length;
      } finally {
        await t.close();
      }
    };
    expect(await selects()).toBeGreaterThan(0);
    expect(await selects()).toBeGreaterThan(0);
  });
});
