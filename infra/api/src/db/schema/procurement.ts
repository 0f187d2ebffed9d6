// Buyers' procurement systems (issue 34): the identities with which an organisation's Ariba, Coupa,
// SAP or Mercurius reaches the portal. Owned by the procurement modules (punchout: setup, start,
// transfer, OCI; procurement orders: cXML OrderRequest). Written here first so both build on one table.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations, users } from './organisations';

/** The procurement protocols the portal speaks. */
export const PROCUREMENT_PROTOCOLS = ['cxml', 'oci'] as const;
export type ProcurementProtocol = (typeof PROCUREMENT_PROTOCOLS)[number];

/**
 * One procurement system of one organisation. cXML: the `Sender` credential's domain (NetworkID,
 * DUNS, ...) and identity with its SharedSecret; OCI: the USERNAME and PASSWORD (domain null).
 * The secret is chosen by people on the buyer's side, so it is stored with argon2id (as passwords
 * are) and checked with its constant-time verify; never stored or logged in clear.
 */
export const procurementIdentities = pgTable(
  'procurement_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    protocol: text('protocol').notNull().$type<ProcurementProtocol>(),
    /** cXML credential domain (case-insensitive); null for OCI. */
    domain: text('domain'),
    identity: text('identity').notNull(),
    secretHash: text('secret_hash').notNull(),
    /**
     * The organisation's punchout user: the session a start URL opens and the user in whose name a
     * procurement order is placed (a member of the organisation, role buyer).
     */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /**
     * The only origins (scheme://host[:port]) a cart may be sent back to (BrowserFormPost URL,
     * HOOK_URL): no open redirect, no cart sent to a stranger.
     */
    returnOrigins: text('return_origins').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set: refused from then on. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('procurement_identities_uq').on(t.protocol, sql`lower(coalesce(${t.domain}, ''))`, t.identity),
    index('procurement_identities_org_idx').on(t.organisationId),
  ],
);
