// Order, payment and quotation events for the supplier's systems (issue 29 "Out", decision 051).
// Owned by the integration-events module. The events are written by database triggers in the
// transaction of the change that caused them (the trigger functions are in the migration
// 0017_integration_events.sql): an event exists exactly when its change was committed.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { integrationClients } from './integration';

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()), read as a decimal string. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The transactional outbox of integration events. `position` is global; the pull feed pages by
 * (`txid`, `position`) below the oldest transaction still running, so an event committed late with
 * a smaller position is never skipped (decision 051). `sequence` counts the events of one aggregate
 * (an order or a quotation) from 1: webhooks deliver them in that order.
 */
export const integrationEvents = pgTable(
  'integration_events',
  {
    position: bigserial('position', { mode: 'number' }).primaryKey(),
    /** The event's id (the webhook-id header): receivers de-duplicate by it. */
    id: uuid('id').notNull().defaultRandom(),
    type: text('type').notNull(),
    /** `order` (payment events belong to their order) or `quotation`. */
    aggregateType: text('aggregate_type').notNull(),
    aggregateId: uuid('aggregate_id').notNull(),
    sequence: integer('sequence').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    txid: xid8('txid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    uniqueIndex('integration_events_id_uq').on(t.id),
    uniqueIndex('integration_events_aggregate_seq_uq').on(t.aggregateType, t.aggregateId, t.sequence),
    index('integration_events_feed_idx').on(t.txid, t.position),
  ],
);

/** The last sequence number given per aggregate; its row lock orders one aggregate's events by commit. */
export const integrationEventStreams = pgTable(
  'integration_event_streams',
  {
    aggregateType: text('aggregate_type').notNull(),
    aggregateId: uuid('aggregate_id').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.aggregateType, t.aggregateId] })],
);

/** An endpoint a client registered: the event types it wants and the secret its deliveries are signed with. */
export const integrationWebhooks = pgTable(
  'integration_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => integrationClients.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    eventTypes: text('event_types').array().notNull(),
    /** `whsec_<base64>`: kept readable, the dispatcher signs with it (shown to the client once). */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by DELETE: no new deliveries, the pending ones are not sent; the history stays. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('integration_webhooks_client_idx').on(t.clientId)],
);

/** One event for one webhook: `pending` (due at `next_attempt_at`), `delivered` or `dead` (after the last try; replay). */
export const integrationWebhookDeliveries = pgTable(
  'integration_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => integrationWebhooks.id, { onDelete: 'cascade' }),
    eventPosition: bigint('event_position', { mode: 'number' })
      .notNull()
      .references(() => integrationEvents.position, { onDelete: 'cascade' }),
    aggregateType: text('aggregate_type').notNull(),
    aggregateId: uuid('aggregate_id').notNull(),
    sequence: integer('sequence').notNull(),
    status: text('status').notNull().default('pending'),
    /** Counted when a try is claimed: the claim's fencing token (as the mail dispatcher's). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_webhook_deliveries_event_uq').on(t.webhookId, t.eventPosition),
    index('integration_webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('integration_webhook_deliveries_order_idx').on(t.webhookId, t.aggregateType, t.aggregateId, t.sequence),
  ],
);
