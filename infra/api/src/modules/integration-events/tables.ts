// Order, payment and quotation events for the supplier's systems (issue 29 "Out", decision 051).
// Owned by the integration-events module. The owner of a change records its event through this
// owner's outbox (outbox.ts, decision 066) in the transaction of the change: an event exists exactly
// when its change was committed.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { integrationClients } from '../integration-clients/tables';

/** The feed's order, given after commit by the sequencer (events.feed.ts). */
export const integrationFeedPosition = pgSequence('integration_feed_position_seq');

/**
 * The transactional outbox of integration events. `position` is taken at insert, so it can commit
 * out of order; `feed_position`, the pull feed's cursor, is given after commit by one sequencer at a
 * time, so an event committed late is numbered after everything served before (decision 051).
 * `sequence` counts the events of one aggregate (an order or a quotation) from 1: webhooks deliver
 * them in that order.
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
    /** Null until the sequencer numbers it (after its transaction committed). */
    feedPosition: bigint('feed_position', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('integration_events_id_uq').on(t.id),
    uniqueIndex('integration_events_aggregate_seq_uq').on(t.aggregateType, t.aggregateId, t.sequence),
    uniqueIndex('integration_events_feed_uq').on(t.feedPosition),
    index('integration_events_unsequenced_idx').on(t.position).where(sql`feed_position is null`),
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
