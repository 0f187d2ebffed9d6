// Only sampled requests enter @fastify/otel (decision 092): at a ratio of 0 a request that begins its
// trace here, or whose caller says "not sampled", gets no span object at all, while a caller's
// sampled traceparent is still followed with the same spans as before (request, handler or
// not-found handler, statements, error status) and the log's request id is its trace id.
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import '@fastify/otel';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const PARENT_SPAN = 'b7ad6b7169203331';
const traceparent = (flags: '00' | '01') => ({ traceparent: `00-${TRACE_ID}-${PARENT_SPAN}-${flags}` });

describe('tracing at a ratio of 0: only sampled requests enter the instrumentation', () => {
  const exporter = new InMemorySpanExporter();
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      { tracesSampleRatio: 0 },
      (app) => {
        // What @fastify/otel made for the request: a span (recording or not) and its context, or nothing.
        app.get('/test/otel', async (request) => {
          const otel = request.opentelemetry();
          return { instrumented: otel.instrumented, recording: otel.span?.isRecording() ?? null };
        });
        app.get('/test/boom', async () => {
          throw new Error('boom');
        });
      },
      { spanExporter: exporter, logger: { level: 'info', stream } },
    );
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    exporter.reset();
    lines.length = 0;
  });

  it('gives an unsampled request no span object, handler wrapper or exported span', async () => {
    for (const headers of [{}, traceparent('00')]) {
      const res = await t.app.inject({ method: 'GET', url: '/test/otel', headers });
      expect(res.json()).toEqual({ instrumented: false, recording: null });
      for (const url of ['/api/ready', '/api/no-such-route', '/test/boom']) await t.app.inject({ method: 'GET', url, headers });
    }
    expect(exporter.getFinishedSpans()).toEqual([]);
    // Its log still carries the request id (the caller's trace id when it sent one).
    expect(lines.filter((l) => l.msg === 'incoming request').map((l) => l.requestId)).toContain(TRACE_ID);
  });

  it("follows a caller's sampled traceparent with the same spans as before", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/otel', headers: traceparent('01') });
    expect(res.json()).toEqual({ instrumented: true, recording: true });

    exporter.reset();
    expect((await t.app.inject({ method: 'GET', url: '/api/ready', headers: traceparent('01') })).statusCode).toBe(200);
    const spans = exporter.getFinishedSpans();
    const server = spans.find((s) => s.kind === SpanKind.SERVER)!;
    expect(server.name).toBe('request');
    expect(server.spanContext().traceId).toBe(TRACE_ID);
    expect(server.parentSpanContext?.spanId).toBe(PARENT_SPAN);
    expect(server.attributes['http.route']).toBe('/api/ready');
    expect(server.attributes['http.response.status_code']).toBe(200);
    const handler = spans.find((s) => s.name.startsWith('handler - '))!;
    expect(handler.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    const statements = spans.filter((s) => s.kind === SpanKind.CLIENT);
    expect(statements.map((s) => s.name)).toContain('select');
    const inRequest = new Set([server, handler].map((s) => s.spanContext().spanId));
    expect(statements.every((s) => inRequest.has(s.parentSpanContext!.spanId))).toBe(true);
    expect(lines.filter((l) => l.msg === 'incoming request').every((l) => l.requestId === TRACE_ID)).toBe(true);
  });

  it('keeps the not-found handler span and the error status of a sampled request', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-route', headers: traceparent('01') })).statusCode).toBe(404);
    const notFound = exporter.getFinishedSpans();
    const request = notFound.find((s) => s.kind === SpanKind.SERVER)!;
    expect(request.attributes['http.response.status_code']).toBe(404);
    expect(notFound.find((s: ReadableSpan) => s.name.startsWith('notFoundHandler - '))?.parentSpanContext?.spanId).toBe(request.spanContext().spanId);

    exporter.reset();
    expect((await t.app.inject({ method: 'GET', url: '/test/boom', headers: traceparent('01') })).statusCode).toBe(500);
    const failed = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)!;
    expect(failed.status).toEqual({ code: SpanStatusCode.ERROR, message: 'boom' });
    expect(failed.events.map((e) => e.name)).toContain('exception');
    expect(failed.attributes['http.response.status_code']).toBe(500);
  });
});
