// Traces with OpenTelemetry (decision 071): started only when an OTLP endpoint is configured (or a
// test hands an exporter), so without one no SDK runs and a request pays for nothing but a context
// lookup per query. @fastify/otel makes the request's server span, as a child of the caller's W3C
// `traceparent` (the browser's API calls send one); the database's statements are its children
// (db-telemetry.ts). The request id of every log line is the trace id: the incoming one, or the one
// the request's root span is given. Whether the trace is sampled is decided there too, once, and only
// sampled requests enter @fastify/otel (sampled-only.ts, decision 092).
import { context, defaultTextMapGetter, isSpanContextValid, propagation, ROOT_CONTEXT, SpanKind, trace, type TextMapPropagator } from '@opentelemetry/api';
import { W3CTraceContextPropagator, setGlobalErrorHandler } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  RandomIdGenerator,
  SamplingDecision,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import FastifyOtelInstrumentation from '@fastify/otel';
import type { FastifyPluginCallback } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { sampledOnly } from './sampled-only';
import { SampledContextManager } from './trace-context';

type Log = { warn(obj: object, msg?: string): void };

export interface TracingOptions {
  serviceName: string;
  /** Share of the traces begun here that are kept (0..1); a caller's sampled `traceparent` is followed. */
  sampleRatio: number;
  /** OTLP/HTTP base URL (`…/v1/traces` is appended). */
  endpoint?: string;
  /** Instead of OTLP: a test's in-memory exporter (spans handed over at once). */
  exporter?: SpanExporter;
  log: Log;
}

export interface Tracing {
  /**
   * The request's id: the trace id of its `traceparent`, or the one its root span will be given.
   * Decides there whether its trace is sampled (`req`: the raw request, remembered if it is).
   */
  requestId(req: { headers: IncomingHttpHeaders }): string;
  /** @fastify/otel's plugin, for the app's root: it sees only the sampled requests. */
  plugin: FastifyPluginCallback;
  /** Sends what is left and stops; the process's tracing is off afterwards. */
  shutdown(): Promise<void>;
}

const w3c = new W3CTraceContextPropagator();
const random = new RandomIdGenerator();
/** The trace id chosen for a sampled request without a `traceparent`, by its headers object, until its span starts. */
const chosen = new WeakMap<object, string>();
/** The raw requests whose trace is sampled: only they enter @fastify/otel. */
const sampledRequests = new WeakSet<object>();
/**
 * Handed from the propagator's extract to the id generator: @fastify/otel extracts the caller's context
 * and starts the request's span in one synchronous step, so the span that follows an extract without
 * a parent is the request's, and takes the id the log already carries.
 */
let nextTraceId: string | undefined;

const propagator: TextMapPropagator = {
  inject: (ctx, carrier, setter) => w3c.inject(ctx, carrier, setter),
  extract(ctx, carrier, getter) {
    const extracted = w3c.extract(ctx, carrier, getter);
    if (!trace.getSpanContext(extracted) && carrier && typeof carrier === 'object') nextTraceId = chosen.get(carrier);
    return extracted;
  },
  fields: () => w3c.fields(),
};

const idGenerator = {
  generateTraceId() {
    const id = nextTraceId ?? random.generateTraceId();
    nextTraceId = undefined;
    return id;
  },
  generateSpanId: () => random.generateSpanId(),
};

/** Export failures are told (an unreachable collector must not go unseen), at most once a minute. */
function throttledWarning(log: Log) {
  let last = 0;
  return (err: unknown) => {
    const now = Date.now();
    if (now - last < 60_000) return;
    last = now;
    log.warn({ err }, 'tracing: spans could not be exported (the API keeps serving; they are dropped)');
  };
}

export function startTracing(options: TracingOptions): Tracing {
  const exporter = options.exporter ?? new OTLPTraceExporter({ url: `${options.endpoint!.replace(/\/+$/, '')}/v1/traces`, timeoutMillis: 5_000 });
  // Batched in production (a bounded queue: when the collector is away, spans beyond it are dropped).
  const processor = options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter, { maxQueueSize: 2048, scheduledDelayMillis: 2_000 });
  // Only a sampled request's context is carried across its awaits (trace-context.ts): the default
  // context manager's promise hooks would weigh on every request, sampled or not.
  const contextManager = new SampledContextManager();
  // One sampler: asked first in requestId (who enters @fastify/otel), then by the SDK for the
  // request's span with the same parent and trace id, so both give the same answer.
  // A caller's "sampled" is followed; its "not sampled" (the browser's calls say so: it records
  // nothing itself, shared/src/api/trace-context.ts) is decided here at the ratio, by its trace id, as
  // a trace that begins here is (W3C lets the callee sample such a call; decision 097).
  const ratio = new TraceIdRatioBasedSampler(options.sampleRatio);
  const sampler = new ParentBasedSampler({ root: ratio, remoteParentNotSampled: ratio });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    sampler,
    idGenerator,
    spanProcessors: [contextManager.processor(), processor],
  });
  setGlobalErrorHandler(throttledWarning(options.log));
  provider.register({ propagator, contextManager });
  // Spans for the request and its handler; the lifecycle hooks' own spans would double the count for little.
  const instrumentation = new FastifyOtelInstrumentation({ instrumentHooks: false });
  instrumentation.setTracerProvider(provider);
  let stopped: Promise<void> | undefined;
  return {
    requestId(req) {
      const { headers } = req;
      const parent = w3c.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
      const remote = trace.getSpanContext(parent);
      const followed = remote !== undefined && isSpanContextValid(remote);
      const id = followed ? remote.traceId : random.generateTraceId();
      const decision = sampler.shouldSample(followed ? parent : ROOT_CONTEXT, id, 'request', SpanKind.SERVER, {}, []).decision;
      if (decision !== SamplingDecision.RECORD_AND_SAMPLED) return id;
      sampledRequests.add(req);
      if (!followed) chosen.set(headers, id);
      return id;
    },
    plugin: sampledOnly(instrumentation.plugin(), (request) => sampledRequests.has(request.raw)),
    shutdown: () =>
      (stopped ??= (async () => {
        instrumentation.disable();
        // A collector that does not answer must not hold the shutdown: what it has not taken is lost, and said.
        const flushed = provider.shutdown().then(
          () => 'sent',
          (err: unknown) => void options.log.warn({ err }, 'tracing: the last spans could not be exported; dropped'),
        );
        const late = new Promise((resolve) => setTimeout(() => resolve('late'), 3_000).unref());
        if ((await Promise.race([flushed, late])) === 'late') options.log.warn({}, 'tracing: the collector did not take the last spans within 3 s; dropped');
        trace.disable();
        context.disable();
        propagation.disable();
      })()),
  };
}
