// Buyers' procurement systems (issue 34): the identities with which an organisation's Ariba, Coupa,
// SAP or Mercurius reaches the portal. Owned by the procurement modules (punchout: setup, start,
// transfer, OCI; procurement orders: cXML OrderRequest). Written here first so both build on one table.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';
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

/** The ways a procurement system's order reaches the portal. */
export const PROCUREMENT_ORDER_CHANNELS = ['cxml', 'peppol'] as const;
export type ProcurementOrderChannel = (typeof PROCUREMENT_ORDER_CHANNELS)[number];

/**
 * The Order Response codes (UNCL1225 subset of Peppol BIS Ordering 3): accepted, rejected, accepted
 * with changes. A cXML order is answered in its HTTP exchange: AP or RE.
 */
export const PROCUREMENT_RESPONSE_CODES = ['AP', 'RE', 'CA'] as const;
export type ProcurementResponseCode = (typeof PROCUREMENT_RESPONSE_CODES)[number];

/**
 * An order received from a buyer's procurement system (owner: the procurement orders module): one row
 * per buyer order id and channel, whatever became of it, so a replay answers the same and the staff see
 * what came in and what was answered. `orderId`: the portal order it became (null: refused).
 */
export const procurementOrders = pgTable(
  'procurement_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull().$type<ProcurementOrderChannel>(),
    /** The buyer organisation (null: a Peppol order whose buyer party no organisation is). */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    /** cXML: the Sender identity's id; Peppol: the buyer's participant id (`scheme:id`). */
    sender: text('sender').notNull(),
    /** The buyer's order id (cXML OrderRequestHeader@orderID, UBL cbc:ID). */
    buyerOrderId: text('buyer_order_id').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    responseCode: text('response_code').notNull().$type<ProcurementResponseCode>(),
    /** Why it was refused or changed, in English (the staff page and the response's note). */
    responseNote: text('response_note'),
    /** Peppol: the Order Response sent back (UBL) and its transmission through the access point. */
    responseXml: text('response_xml'),
    responseStatus: text('response_status').$type<'sent' | 'failed' | 'not_sent'>(),
    responseError: text('response_error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('procurement_orders_uq').on(t.channel, t.sender, t.buyerOrderId),
    index('procurement_orders_org_idx').on(t.organisationId, t.receivedAt),
    uniqueIndex('procurement_orders_order_uq').on(t.orderId),
  ],
);
