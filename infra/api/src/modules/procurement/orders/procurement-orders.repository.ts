// The procurement orders' table (procurement_orders) and the reads that turn a received document
// into placement's input: the organisation (by Peppol participant id), the user the order is placed
// in the name of and the organisation's address book. The products its lines name come from the
// catalogue's item matching, placement from the orders' port (both given by app.ts).
import { and, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Caller, CustomerCaller } from '../../../caller';
import { addressBookScope, organisationScope } from '../../../common/scope';
import type { Db } from '../../../db/client';
import { procurementOrders, type ProcurementOrderChannel, type ProcurementResponseCode } from '../tables';
import { nullable, rowShape, typedRows, type RowOf } from '../../../db/typed-rows';
import type { ContentLocale } from '../../../plugins/request-context';

/** The person an order is placed in the name of, as placement's caller and its submitter. */
export interface OrderingUser {
  caller: CustomerCaller;
  firstName: string;
  lastName: string;
  function: string | null;
  locale: ContentLocale;
}

export interface BookAddress {
  id: string;
  type: 'billing' | 'shipping';
  isDefault: boolean;
  street: string;
  nr: string;
  postalCode: string;
  city: string;
  country: string;
  externalKey: string | null;
}

const userRow = {
  user_id: v.string(),
  organisation_id: v.string(),
  role: v.picklist(['buyer', 'admin'] as const),
  first_name: v.string(),
  last_name: v.string(),
  function: v.nullable(v.string()),
  locale: v.string(),
};
const asUser = (r: v.InferOutput<v.ObjectSchema<typeof userRow, undefined>>): OrderingUser => ({
  caller: { kind: 'customer', userId: r.user_id, organisationId: r.organisation_id, role: r.role },
  firstName: r.first_name,
  lastName: r.last_name,
  function: r.function,
  locale: r.locale === 'nl' || r.locale === 'fr' ? r.locale : 'en',
});

const claimedShape = rowShape({
  id: procurementOrders.id,
  sender: procurementOrders.sender,
  response_receiver: procurementOrders.responseReceiver,
  response_xml: procurementOrders.responseXml,
  response_attempts: procurementOrders.responseAttempts,
});
/** A failed Order Response claimed by the retry job. */
export type ClaimedResponse = RowOf<typeof claimedShape>;

const later = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;
/** A mark on a claimed row: still failed with the attempts the claim counted (no later claim took it). */
const claimed = (row: ClaimedResponse) =>
  and(eq(procurementOrders.id, row.id), eq(procurementOrders.responseStatus, 'failed'), eq(procurementOrders.responseAttempts, row.response_attempts));

export function createProcurementOrdersRepository(db: Db) {
  return {
    /** The organisation whose Peppol participant id this is (scheme and id compared case-insensitively). */
    async organisationByParticipant(participantId: string): Promise<{ id: string; name: string } | null> {
      const [row] = await typedRows(
        db,
        { id: v.string(), name: v.string() },
        sql`select id, name from organisations where lower(peppol_participant_id) = lower(${participantId}) limit 1`,
      );
      return row ?? null;
    },

    /** `userId` as an active member of `organisationId` (a procurement identity's user); null when not (any more). */
    async member(userId: string, organisationId: string): Promise<OrderingUser | null> {
      const [row] = await typedRows(
        db,
        userRow,
        sql`select u.id as user_id, m.organisation_id, m.role, u.first_name, u.last_name, u.function, u.locale
            from memberships m join users u on u.id = m.user_id
            where m.user_id = ${userId} and m.organisation_id = ${organisationId} and m.deactivated_at is null`,
      );
      return row ? asUser(row) : null;
    },

    /** Who a Peppol order is placed in the name of: the organisation's primary contact, else its longest-standing active member. */
    async orderingUser(organisationId: string): Promise<OrderingUser | null> {
      const [row] = await typedRows(
        db,
        userRow,
        sql`select u.id as user_id, m.organisation_id, m.role, u.first_name, u.last_name, u.function, u.locale
            from memberships m join users u on u.id = m.user_id join organisations o on o.id = m.organisation_id
            where m.organisation_id = ${organisationId} and m.deactivated_at is null
            order by (u.id = o.primary_contact_user_id) desc nulls last, m.created_at, u.id limit 1`,
      );
      return row ? asUser(row) : null;
    },

    /** The organisation's address book (its shared addresses). */
    async book(organisationId: string): Promise<BookAddress[]> {
      return (
        await typedRows(
          db,
          {
            id: v.string(),
            type: v.picklist(['billing', 'shipping'] as const),
            is_default: v.boolean(),
            street: v.string(),
            nr: v.string(),
            postal_code: v.string(),
            city: v.string(),
            country: v.string(),
            external_key: v.nullable(v.string()),
          },
          // The organisation's shared book, by the one rule (common/scope): no user's own book is read.
          sql`select id, type, is_default, street, nr, postal_code, city, country, external_key from addresses
              where ${addressBookScope({ userId: '', organisationId }, { organisation: sql`organisation_id`, user: sql`user_id` })} order by created_at, id`,
        )
      ).map((r) => ({ id: r.id, type: r.type, isDefault: r.is_default, street: r.street, nr: r.nr, postalCode: r.postal_code, city: r.city, country: r.country, externalKey: r.external_key }));
    },

    /** What was recorded for this buyer order id from this sender, if anything. */
    async find(channel: ProcurementOrderChannel, sender: string, buyerOrderId: string) {
      const [row] = await db
        .select()
        .from(procurementOrders)
        .where(and(eq(procurementOrders.channel, channel), eq(procurementOrders.sender, sender), eq(procurementOrders.buyerOrderId, buyerOrderId)));
      return row ?? null;
    },

    /** Records a received order once (a replay finds the first row and changes nothing); answers the row that holds and whether this call wrote it. */
    async record(row: {
      channel: ProcurementOrderChannel;
      organisationId: string | null;
      sender: string;
      buyerOrderId: string;
      orderId: string | null;
      responseCode: ProcurementResponseCode;
      responseNote: string | null;
    }) {
      const inserted = await db.insert(procurementOrders).values(row).onConflictDoNothing().returning();
      if (inserted[0]) return { row: inserted[0], inserted: true };
      return { row: (await this.find(row.channel, row.sender, row.buyerOrderId))!, inserted: false };
    },

    /** The number of a portal order (a replayed answer names it). */
    async orderNumber(orderId: string): Promise<string | null> {
      const [row] = await typedRows(db, { number: v.string() }, sql`select number from orders where id = ${orderId}`);
      return row?.number ?? null;
    },

    /**
     * The first transmission's outcome: the response as sent (kept, so a retry sends the very same
     * document), its receiver, one attempt made, and when a failed one is sent again (null: never).
     */
    async setResponse(
      id: string,
      response: { xml: string; receiver: string; status: 'sent' | 'failed' | 'not_sent'; error: string | null; retryInSeconds: number | null },
    ) {
      await db
        .update(procurementOrders)
        .set({
          responseXml: response.xml,
          responseReceiver: response.receiver,
          responseStatus: response.status,
          responseError: response.error,
          responseAttempts: response.status === 'not_sent' ? 0 : 1,
          responseNextAttemptAt: response.retryInSeconds === null ? null : later(response.retryInSeconds),
        })
        .where(eq(procurementOrders.id, id));
    },

    /**
     * Claims due failed responses for `leaseSeconds` (another instance skips them meanwhile, a dead
     * one's come back after it) and counts the attempt in the same statement: the count is the
     * fencing token of the marks below, so a claim that outlived its lease cannot overwrite.
     */
    claimRetries(limit: number, leaseSeconds: number): Promise<ClaimedResponse[]> {
      return db.transaction((tx) =>
        typedRows(
          tx,
          claimedShape,
          sql`update procurement_orders
              set response_attempts = response_attempts + 1, response_next_attempt_at = ${later(leaseSeconds)}
              where id in (
                select id from procurement_orders
                where channel = 'peppol' and response_status = 'failed' and response_xml is not null and response_next_attempt_at <= now()
                order by response_next_attempt_at, id
                limit ${limit}
                for update skip locked
              )
              returning id, sender, response_receiver, response_xml, response_attempts`,
        ),
      );
    },
    async markResponseSent(row: ClaimedResponse) {
      await db.update(procurementOrders).set({ responseStatus: 'sent', responseError: null, responseNextAttemptAt: null }).where(claimed(row));
    },
    /** Failed again: sent again in `inSeconds`, or (null) never: it stays failed for staff. */
    async markResponseFailed(row: ClaimedResponse, error: string, inSeconds: number | null) {
      await db
        .update(procurementOrders)
        .set({ responseError: error, responseNextAttemptAt: inSeconds === null ? null : later(inSeconds) })
        .where(claimed(row));
    },

    /** Received Peppol orders of the organisations the caller may see, newest first, with the order they became. */
    async listPeppol(caller: Caller, limit: number) {
      return typedRows(
        db,
        {
          id: v.string(),
          buyer_order_id: v.string(),
          organisation_name: v.nullable(v.string()),
          order_id: nullable(procurementOrders.orderId),
          order_number: v.nullable(v.string()),
          response_code: v.picklist(['AP', 'RE', 'CA'] as const),
          response_note: v.nullable(v.string()),
          response_status: v.nullable(v.picklist(['sent', 'failed', 'not_sent'] as const)),
          received_at: v.date(),
        },
        sql`select po.id, po.buyer_order_id, org.name as organisation_name, po.order_id, o.number as order_number, po.response_code, po.response_note,
                   po.response_status, po.received_at
            from procurement_orders po
            left join organisations org on org.id = po.organisation_id
            left join orders o on o.id = po.order_id
            where po.channel = 'peppol' and ${organisationScope(caller, sql`po.organisation_id`)}
            order by po.received_at desc, po.id desc limit ${limit}`,
      );
    },

    /** Where an order came from, for its page: the channel and the buyer's order id; null: the portal. */
    async sourceOf(orderId: string) {
      const [row] = await db
        .select({ channel: procurementOrders.channel, buyerOrderId: procurementOrders.buyerOrderId })
        .from(procurementOrders)
        .where(eq(procurementOrders.orderId, orderId))
        .orderBy(desc(procurementOrders.receivedAt))
        .limit(1);
      return row ?? null;
    },
  };
}
export type ProcurementOrdersRepository = ReturnType<typeof createProcurementOrdersRepository>;
