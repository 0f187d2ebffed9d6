// The audit log: every module records its own events here (decision 012). Append-only and written by
// all, so it is the building blocks' table, not an owner's.
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations, users } from '../modules/accounts/tables';

/** Who did what, for accountability (sign-ins, token reuse, order changes, …). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The integration client that wrote (its name, kept when the client is gone; decision 045). */
    actorClient: text('actor_client'),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [index('audit_log_org_at_idx').on(t.organisationId, t.at), index('audit_log_actor_idx').on(t.actorUserId)],
);
