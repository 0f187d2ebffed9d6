// The traces' context manager (decision 071): it carries a request's context across its awaits only
// when the request's span is recorded (its trace sampled). OpenTelemetry's own one runs every
// context, sampled or not, through an AsyncLocalStorage, and on Node 20 an enabled AsyncLocalStorage
// hooks every promise of the process (init, before, after): a cost every request pays once tracing is
// on, at any ratio. Here an unsampled request never enters the storage (nothing would use its
// context: its statements make no spans, its log's request id is set apart, in genReqId), and the
// storage is turned off again when the last recorded request span has ended, so the promise hooks
// run only while a sampled request is in flight. BENCHMARKS.md ("Metrics and tracing") has the figures.
import { AsyncLocalStorage } from 'node:async_hooks';
import { ROOT_CONTEXT, trace, type Context, type ContextManager } from '@opentelemetry/api';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-node';

export class SampledContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  /** Recorded spans entered from the empty context (the requests' own) and not yet ended. */
  private readonly live = new Set<string>();

  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(ctx: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    const span = trace.getSpan(ctx);
    const recording = span?.isRecording() === true;
    const outer = this.storage.getStore();
    // Nothing to carry: an unrecorded span has no recorded children (parent-based sampling).
    if (!recording && !outer) return fn.apply(thisArg, args);
    if (recording && !outer) this.live.add(span!.spanContext().spanId);
    return this.storage.run(ctx, () => fn.apply(thisArg, args));
  }

  bind<T>(ctx: Context, target: T): T {
    if (typeof target !== 'function') return target;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the bound function's own `this` is the caller's
    const manager = this;
    return function bound(this: unknown, ...args: unknown[]) {
      return manager.with(ctx, () => (target as (...a: unknown[]) => unknown).apply(this, args));
    } as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.live.clear();
    this.storage.disable();
    return this;
  }

  /** A recorded span ended: when it was the last live request span, the storage (and its promise hooks) goes off. */
  ended(spanId: string): void {
    if (!this.live.delete(spanId) || this.live.size > 0) return;
    // After the current step, outside it (disable() also clears the running step's store).
    setImmediate(() => {
      if (this.live.size === 0) this.storage.disable();
    }).unref();
  }

  /** For the provider's processors: tells the manager of every recorded span's end. */
  processor(): SpanProcessor {
    return {
      onStart: () => undefined,
      onEnd: (span: ReadableSpan) => this.ended(span.spanContext().spanId),
      forceFlush: () => Promise.resolve(),
      shutdown: () => Promise.resolve(),
    };
  }
}
