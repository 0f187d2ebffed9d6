// Buyers' procurement systems (issue 34): the identities with which an organisation's Ariba, Coupa,
// SAP or Mercurius reaches the portal. Owned by the procurement modules (punchout: setup, start,
// transfer, OCI; procurement orders: cXML OrderRequest). Written here first so both build on one table.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables';
import { organisations, users } from '../accounts/tables';

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

/** What a cXML PunchOutSetupRequest asks for; OCI opens as `create`. */
export const PUNCHOUT_OPERATIONS = ['create', 'edit', 'inspect'] as const;
export type PunchoutOperation = (typeof PUNCHOUT_OPERATIONS)[number];

/** One punchout line as the setup request's ItemOut names it: restored into the cart on edit/inspect. */
export interface PunchoutRestoreLine {
  code: string;
  quantity: number;
}

/**
 * One punchout round trip (decision 052): opened by a setup request (cXML) or the OCI entry, started
 * once through its start URL (only the token's SHA-256 is stored; single use, a few minutes), bound
 * to the sign-in it started (`session_id` = the refresh-token family, the access token's `sid`), and
 * closed by the transfer. The return URL and buyer cookie live here, never in the browser.
 */
export const punchoutSessions = pgTable(
  'punchout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => procurementIdentities.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    protocol: text('protocol').notNull().$type<ProcurementProtocol>(),
    operation: text('operation').notNull().$type<PunchoutOperation>(),
    /** cXML BuyerCookie, echoed in the PunchOutOrderMessage (null for OCI). */
    buyerCookie: text('buyer_cookie'),
    /** BrowserFormPost URL (cXML) or HOOK_URL (OCI); its origin is one of the identity's return origins. */
    returnUrl: text('return_url').notNull(),
    /** OCI `~TARGET` (the frame the HOOK_URL form posts into); null for cXML. */
    target: text('target'),
    /** The setup request's From and To credentials, swapped into the order message's header. */
    header: jsonb('header').$type<{ from: { domain: string; identity: string }; to: { domain: string; identity: string } } | null>(),
    /** The ItemOut lines of an edit or inspect setup request, put in the cart at start. */
    restore: jsonb('restore').$type<PunchoutRestoreLine[]>().notNull().default([]),
    /** The buyer's language (xml:lang of the request; OCI: the procurement system's default). */
    locale: text('locale').notNull().default('en'),
    startTokenHash: text('start_token_hash').notNull(),
    startExpiresAt: timestamp('start_expires_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The refresh-token family the start signed in (the access token's `sid`). */
    sessionId: uuid('session_id'),
    /** The one-time transfer page: its token's SHA-256, when it expires, and the form it posts. */
    transferTokenHash: text('transfer_token_hash'),
    transferExpiresAt: timestamp('transfer_expires_at', { withTimezone: true }),
    transferForm: jsonb('transfer_form').$type<{ fields: [string, string][] } | null>(),
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('punchout_sessions_start_uq').on(t.startTokenHash),
    uniqueIndex('punchout_sessions_transfer_uq').on(t.transferTokenHash),
    index('punchout_sessions_session_idx').on(t.sessionId),
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
    /** The last transmission error (a failed response keeps it for staff). */
    responseError: text('response_error'),
    /** The receiver as the order named it (`scheme:id`, its case kept): a retry sends to the same. */
    responseReceiver: text('response_receiver'),
    /** Transmissions tried, the first included; the retry job's fencing token (decision 053). */
    responseAttempts: integer('response_attempts').notNull().default(0),
    /** When a failed response is sent again (null: not again); a claimed one's lease while it is tried. */
    responseNextAttemptAt: timestamp('response_next_attempt_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('procurement_orders_uq').on(t.channel, t.sender, t.buyerOrderId),
    index('procurement_orders_org_idx').on(t.organisationId, t.receivedAt),
    uniqueIndex('procurement_orders_order_uq').on(t.orderId),
    // The retry job's claim: failed responses by when they are due.
    index('procurement_orders_retry_idx').on(t.responseNextAttemptAt).where(sql`${t.responseStatus} = 'failed'`),
  ],
);
