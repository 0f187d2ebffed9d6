// The traces' context manager (decision 071): a sampled request's context follows its awaits, an
// unsampled one's is not carried, and the storage goes off when the last recorded request span ends.
import { ROOT_CONTEXT, trace, TraceFlags, type Context } from '@opentelemetry/api';
import { AlwaysOnSampler, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { describe, expect, it } from 'vitest';
import { SampledContextManager } from './trace-context';

function setUp() {
  const manager = new SampledContextManager();
  const provider = new NodeTracerProvider({ sampler: new AlwaysOnSampler(), spanProcessors: [manager.processor()] });
  return { manager, tracer: provider.getTracer('test') };
}

/** Runs `body` in `ctx`; it waits on the returned `release` after its first step, and reports what it saw as active. */
function held(manager: SampledContextManager, ctx: Context) {
  const seen: Context[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const first = new Promise<void>((resolve) => (entered = resolve));
  const done = manager.with(ctx, async () => {
    await Promise.resolve();
    seen.push(manager.active());
    entered();
    await gate;
    seen.push(manager.active());
  });
  return { seen, first, release, done };
}

/** The manager turns its storage off in a later step than the span's end: this waits past that step. */
const nextStep = () => new Promise((resolve) => setImmediate(resolve));

describe('SampledContextManager', () => {
  it('does not carry the context of an unrecorded (unsampled) span', async () => {
    const { manager } = setUp();
    const unsampled = trace.wrapSpanContext({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: TraceFlags.NONE });
    const run = held(manager, trace.setSpan(ROOT_CONTEXT, unsampled));
    await run.first;
    run.release();
    await run.done;
    expect(run.seen).toEqual([ROOT_CONTEXT, ROOT_CONTEXT]);
  });

  it('carries a recorded span across awaits, and stops carrying once the last one has ended', async () => {
    const { manager, tracer } = setUp();
    const [a, b] = [tracer.startSpan('request a'), tracer.startSpan('request b')];
    const runA = held(manager, trace.setSpan(ROOT_CONTEXT, a));
    const runB = held(manager, trace.setSpan(ROOT_CONTEXT, b));
    await Promise.all([runA.first, runB.first]);
    expect(trace.getSpan(runA.seen[0]!)).toBe(a);
    expect(trace.getSpan(runB.seen[0]!)).toBe(b);

    // A ends while B is in flight: B keeps its context.
    a.end();
    await nextStep();
    runB.release();
    await runB.done;
    expect(trace.getSpan(runB.seen[1]!)).toBe(b);

    // B ends too: nothing recorded is in flight, the storage is off (what A still awaits sees the empty context).
    b.end();
    await nextStep();
    runA.release();
    await runA.done;
    expect(runA.seen[1]).toBe(ROOT_CONTEXT);

    // A new sampled request turns it on again.
    const c = tracer.startSpan('request c');
    const runC = held(manager, trace.setSpan(ROOT_CONTEXT, c));
    await runC.first;
    runC.release();
    await runC.done;
    expect(runC.seen.map((ctx) => trace.getSpan(ctx))).toEqual([c, c]);
  });
});
