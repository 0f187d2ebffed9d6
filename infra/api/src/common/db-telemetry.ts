// Watches the database's statements (decision 071): their time by kind in the metrics, and a span
// per statement as a child of the request's span when that one is recorded (tracing on and the trace
// sampled). Without tracing the active context is the empty one and no span is made.
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { QueryObserver } from '../db/client';
import { dbQueryDuration, statementKind } from './metrics';

/** Asked for at each recorded statement, not once at load: the API's proxy tracer keeps the first
 *  provider it met, and a process that stops tracing and starts it again (a test file after another in
 *  the same worker) would send its statements to the stopped one. */
const tracer = () => trace.getTracer('portal-db');

/** `metrics`: time the statements (the metrics listener is on); spans are made whenever a recorded span is active. */
export function queryObserver(driver: 'pglite' | 'postgres', { metrics }: { metrics: boolean }): QueryObserver {
  return (text) => {
    const statement = statementKind(text);
    const end = metrics ? dbQueryDuration.startTimer({ driver, statement }) : undefined;
    const parent = trace.getSpan(context.active());
    const span = parent?.isRecording()
      ? tracer().startSpan(
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
