// Watches the database's statements (decision 071): their time by kind in the metrics, and a span
// per statement as a child of the request's span when that one is recorded (tracing on and the trace
// sampled). Without tracing the active context is the empty one and no span is made.
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { QueryObserver } from '../db/client';
import { dbQueryDuration, statementKind } from './metrics';

const tracer = trace.getTracer('portal-db');

/** `metrics`: time the statements (the metrics listener is on); spans are made whenever a recorded span is active. */
export function queryObserver(driver: 'pglite' | 'postgres', { metrics }: { metrics: boolean }): QueryObserver {
  return (text) => {
    const statement = statementKind(text);
    const end = metrics ? dbQueryDuration.startTimer({ driver, statement }) : undefined;
    const parent = trace.getSpan(context.active());
    const span = parent?.isRecording()
      ? tracer.startSpan(
          statement,
          { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.operation.name': statement, 'portal.db.driver': driver } },
          context.active(),
        )
      : undefined;
    return (failed) => {
      end?.({ outcome: failed ? 'error' : 'ok' });
      if (span) {
        if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    };
  };
}
