// The outbox's writer (decision 066): an owner's event, typed by the shared schema, recorded in the
// owner's transaction with its aggregate's next sequence and a delivery per webhook that wants it.
// What decision 051's trigger function integration_events_publish did, called by the owners.
import { is, sql, SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { IntegrationEventRecordSchema } from '@portal/shared/schemas';
import type { EventsPort, IntegrationEventInStatement } from './contract';

/** An order's events (its payments' too) are one stream; a quotation's another; a recall's another (decision 074). */
const aggregateId = (event: IntegrationEventInStatement): string | SQL =>
  'quotation_id' in event.data ? event.data.quotation_id : 'recall_id' in event.data ? event.data.recall_id : event.data.order_id;

/** The data as jsonb: the plain values as one parameter, the statement's own values built beside it. */
function payload(data: Record<string, unknown>): SQL {
  const entries = Object.entries(data);
  const plain = Object.fromEntries(entries.filter(([, value]) => !is(value, SQL)));
  const inStatement = entries.filter((entry): entry is [string, SQL] => is(entry[1], SQL));
  if (!inStatement.length) return sql`${JSON.stringify(plain)}::jsonb`;
  const built = sql.join(
    inStatement.map(([key, value]) => sql`${key}::text, ${value}`),
    sql`, `,
  );
  return sql`(${JSON.stringify(plain)}::jsonb || jsonb_build_object(${built}))`;
}

/** The three steps, once per row of `from`. */
function steps(name: string, from: SQL, event: IntegrationEventInStatement): SQL {
  const [stream, recorded, deliveries] = ['stream', 'event', 'deliveries'].map((step) => sql.raw(`${name}_${step}`));
  const id = aggregateId(event);
  return sql`${stream} as (
      insert into integration_event_streams as s (aggregate_type, aggregate_id, last_sequence)
      select ${event.aggregate_type}::text, ${is(id, SQL) ? id : sql`${id}::uuid`}, 1 from ${from}
      on conflict (aggregate_type, aggregate_id) do update set last_sequence = s.last_sequence + 1
      returning s.aggregate_id, s.last_sequence
    ),
    ${recorded} as (
      insert into integration_events (type, aggregate_type, aggregate_id, sequence, payload)
      select ${event.type}::text, ${event.aggregate_type}::text, st.aggregate_id, st.last_sequence, ${payload(event.data)} from ${from}, ${stream} st
      returning position, aggregate_id, sequence
    ),
    ${deliveries} as (
      insert into integration_webhook_deliveries (webhook_id, event_position, aggregate_type, aggregate_id, sequence)
      select w.id, e.position, ${event.aggregate_type}::text, e.aggregate_id, e.sequence
      from ${recorded} e join integration_webhooks w on w.deleted_at is null and ${event.type}::text = any (w.event_types)
    )`;
}

export const integrationEventsPort: EventsPort = {
  async record(tx, event) {
    const checked = v.parse(IntegrationEventRecordSchema, event);
    await tx.execute(sql`with ${steps('recorded', sql`(select 1) as one`, checked)} select 1`);
  },
  recordSteps: (name, from, event) => sql`${steps(name, sql.raw(from), event)},`,
};
