// The supplier's machine clients (ERP, PIM, warehouse; decision 045). Owned by the
// integration-clients module; the token endpoint reaches them through that module's service.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { IntegrationScope } from '@portal/shared/schemas';

/** An integration client: its unique name is how the audit log and the staff page name it. */
export const integrationClients = pgTable('integration_clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  scopes: text('scopes').array().notNull().$type<IntegrationScope[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set: the client's tokens stop working at once (plugins/access-state.ts) and it gets no new one. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * A client's secrets, as SHA-256 of 256 random bits (a slow hash adds nothing to a value nobody can
 * guess, and the token endpoint stays fast). Several at once during a rotation: the old one keeps
 * working until its `expires_at`.
 */
export const integrationClientSecrets = pgTable(
  'integration_client_secrets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => integrationClients.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: valid until rotated; set by a rotation to the end of the overlap. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('integration_client_secrets_client_idx').on(t.clientId)],
);
