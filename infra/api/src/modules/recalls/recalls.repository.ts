// The recalls owner's own tables (decision 074): the recall, the lines it reached as found when it
// opened, and each receiving organisation's notice and answer. Reads of the accounts' tables name
// whom to tell and who may read; the lot index is read in recalls.receivers.ts.
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { rolesWith } from '../../common/scope/authority';
import type { Db, Tx } from '../../db/client';
import { memberships, orders, organisations, shipments, users } from './links';
import { DELIVERY_ADDRESS, type ReceivedLine } from './recalls.receivers';
import { recallCustomers, recallOrganisations, recalls, recallUnits } from './tables';

export type StoredRecall = typeof recalls.$inferSelect;
export type StoredRecallUnit = typeof recallUnits.$inferSelect;
/** A kept line with what its delivery shows: the shipment's warehouse id and day, the order's number, buyer and address. */
export type DeliveredUnit = StoredRecallUnit & { externalId: string; shippedOn: string; orderNumber: string; userId: string | null; deliveryAddress: string };
export type StoredNotice = typeof recallOrganisations.$inferSelect;
export type StoredCustomerNotice = typeof recallCustomers.$inferSelect;
/** What an organisation's and a web-shop customer's notice have in common: units and the answer. */
export type AnyNotice = Pick<StoredNotice, 'unitsReceived' | 'answeredAt' | 'unitsOnHand' | 'unitsUsed' | 'unitsToReturn'>;

/** A person to tell: their address, first name and stored language. */
export interface Recipient {
  organisationId: string;
  userId: string;
  email: string;
  firstName: string;
  locale: string;
}

export const recallsRepository = {
  async byId(db: Db | Tx, id: string): Promise<StoredRecall | null> {
    const [row] = await db.select().from(recalls).where(eq(recalls.id, id));
    return row ?? null;
  },

  async byReference(db: Db | Tx, reference: string): Promise<StoredRecall | null> {
    const [row] = await db.select().from(recalls).where(eq(recalls.reference, reference));
    return row ?? null;
  },

  async insert(tx: Tx, recall: typeof recalls.$inferInsert): Promise<StoredRecall> {
    const [row] = await tx.insert(recalls).values(recall).returning();
    return row!;
  },

  /**
   * Keeps the lines found; a line already kept is replaced only where it now counts more units (a
   * correction that adds the lot of a line first reached by one serial number, decision 080).
   */
  async insertUnits(tx: Tx, recallId: string, lines: readonly ReceivedLine[]): Promise<void> {
    // In slices: a recall of a large lot reaches thousands of lines (PostgreSQL takes 65 535 parameters).
    for (let i = 0; i < lines.length; i += 2000) {
      await tx.insert(recallUnits).values(
        lines.slice(i, i + 2000).map((l) => ({
          recallId,
          shipmentId: l.shipment_id,
          position: l.position,
          orderId: l.order_id,
          organisationId: l.organisation_id,
          lot: l.lot,
          expiryOn: l.expiry_on,
          serialNumbers: l.serial_numbers,
          units: l.units,
        })),
      ).onConflictDoUpdate({
        target: [recallUnits.recallId, recallUnits.shipmentId, recallUnits.position],
        set: { units: sql`excluded.units`, serialNumbers: sql`excluded.serial_numbers`, foundAt: sql`now()` },
        setWhere: sql`excluded.units > ${recallUnits.units}`,
      });
    }
  },

  /** Adds units to notices already made (a correction's lines that reached an organisation or customer told before). */
  async addUnits(tx: Tx, recallId: string, organisations: Map<string, number>, customers: Map<string, number>): Promise<void> {
    for (const [organisationId, units] of organisations) {
      await tx
        .update(recallOrganisations)
        .set({ unitsReceived: sql`${recallOrganisations.unitsReceived} + ${units}` })
        .where(and(eq(recallOrganisations.recallId, recallId), eq(recallOrganisations.organisationId, organisationId)));
    }
    for (const [userId, units] of customers) {
      await tx
        .update(recallCustomers)
        .set({ unitsReceived: sql`${recallCustomers.unitsReceived} + ${units}` })
        .where(and(eq(recallCustomers.recallId, recallId), eq(recallCustomers.userId, userId)));
    }
  },

  /** Who already has a notice of the recall: organisations and web-shop customers. */
  async noticed(db: Db | Tx, recallId: string): Promise<{ organisations: Set<string>; customers: Set<string> }> {
    const [orgs, people] = await Promise.all([
      db.select({ id: recallOrganisations.organisationId }).from(recallOrganisations).where(eq(recallOrganisations.recallId, recallId)),
      db.select({ id: recallCustomers.userId }).from(recallCustomers).where(eq(recallCustomers.recallId, recallId)),
    ]);
    return { organisations: new Set(orgs.map((r) => r.id)), customers: new Set(people.map((r) => r.id)) };
  },

  async insertCustomerNotices(tx: Tx, notices: { recallId: string; userId: string; unitsReceived: number; told: boolean }[]): Promise<void> {
    if (notices.length) await tx.insert(recallCustomers).values(notices.map(({ told, ...n }) => ({ ...n, toldAt: told ? sql`now()` : null })));
  },

  /** Web-shop customers to tell: their address, name and language; disabled accounts are left out. */
  async customerRecipients(db: Db | Tx, userIds: string[]): Promise<(Omit<Recipient, 'organisationId'> & { lastName: string })[]> {
    if (!userIds.length) return [];
    return db
      .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, locale: users.locale })
      .from(users)
      .where(and(inArray(users.id, userIds), isNull(users.disabledAt)))
      .orderBy(asc(users.email));
  },

  /** The recalls' web-shop customers' notices, with the person's name and address. */
  async customers(db: Db | Tx, recallIds: string[]): Promise<(StoredCustomerNotice & { name: string; email: string })[]> {
    if (!recallIds.length) return [];
    return db
      .select({ ...getTableColumns(recallCustomers), name: sql<string>`concat_ws(' ', ${users.firstName}, ${users.lastName})`, email: users.email })
      .from(recallCustomers)
      .innerJoin(users, eq(users.id, recallCustomers.userId))
      .where(inArray(recallCustomers.recallId, recallIds))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  },

  /** The person's own web-shop notices, newest first; `open`: not answered, of recalls not closed. */
  async customerNoticesOf(db: Db | Tx, userId: string, open: boolean): Promise<{ recall: StoredRecall; notice: StoredCustomerNotice }[]> {
    return db
      .select({ recall: recalls, notice: recallCustomers })
      .from(recallCustomers)
      .innerJoin(recalls, eq(recalls.id, recallCustomers.recallId))
      .where(and(eq(recallCustomers.userId, userId), open ? and(isNull(recallCustomers.answeredAt), isNull(recalls.closedAt)) : undefined))
      .orderBy(desc(recalls.openedAt), asc(recalls.id));
  },

  async answerAsCustomer(db: Db | Tx, recallId: string, userId: string, a: { onHand: number; used: number; toReturn: number }): Promise<void> {
    await db
      .update(recallCustomers)
      .set({ answeredAt: sql`now()`, unitsOnHand: a.onHand, unitsUsed: a.used, unitsToReturn: a.toReturn })
      .where(and(eq(recallCustomers.recallId, recallId), eq(recallCustomers.userId, userId)));
  },

  /** The recall, read in the transaction that holds its GTIN's lock (a correction, a closing). */
  async update(tx: Tx, id: string, set: PgUpdateSetSource<typeof recalls>): Promise<StoredRecall> {
    const [row] = await tx.update(recalls).set(set).where(eq(recalls.id, id)).returning();
    return row!;
  },

  async insertNotices(tx: Tx, notices: { recallId: string; organisationId: string; unitsReceived: number; told: string[] }[]): Promise<void> {
    if (notices.length) await tx.insert(recallOrganisations).values(notices);
  },

  /**
   * Whom to tell in each organisation: its active administrators, and the active members among the
   * buyers who placed the orders that received the units (each person once per organisation).
   */
  async recipients(db: Db | Tx, buyersByOrganisation: Map<string, Set<string>>): Promise<Recipient[]> {
    const ids = [...buyersByOrganisation.keys()];
    if (!ids.length) return [];
    const rows = await db
      .select({ organisationId: memberships.organisationId, userId: users.id, email: users.email, firstName: users.firstName, locale: users.locale, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(inArray(memberships.organisationId, ids), isNull(memberships.deactivatedAt), isNull(users.disabledAt)))
      .orderBy(asc(memberships.organisationId), asc(users.email));
    const administrators = new Set<string>(rolesWith('administer'));
    return rows
      .filter((r) => administrators.has(r.role) || buyersByOrganisation.get(r.organisationId)?.has(r.userId))
      .map(({ role: _role, ...r }) => r);
  },

  /** The recalls, newest first, with their notices' figures. */
  async list(db: Db | Tx): Promise<StoredRecall[]> {
    return db.select().from(recalls).orderBy(desc(recalls.openedAt), asc(recalls.id));
  },

  async units(db: Db | Tx, recallIds: string[], organisationId?: string): Promise<StoredRecallUnit[]> {
    if (!recallIds.length) return [];
    return db
      .select()
      .from(recallUnits)
      .where(and(inArray(recallUnits.recallId, recallIds), organisationId ? eq(recallUnits.organisationId, organisationId) : undefined));
  },

  /**
   * The kept lines (as `units`) with their deliveries, oldest shipment first: read through the
   * shipment and order each line names, not by running the lot index's query again.
   */
  async deliveredUnits(db: Db | Tx, recallIds: string[], organisationId?: string): Promise<DeliveredUnit[]> {
    if (!recallIds.length) return [];
    const s = alias(shipments, 's');
    const o = alias(orders, 'o');
    return db
      .select({
        ...getTableColumns(recallUnits),
        externalId: s.externalId,
        shippedOn: s.shippedOn,
        orderNumber: o.number,
        userId: o.userId,
        deliveryAddress: sql<string>`${DELIVERY_ADDRESS}`,
      })
      .from(recallUnits)
      .innerJoin(s, eq(s.id, recallUnits.shipmentId))
      .innerJoin(o, eq(o.id, recallUnits.orderId))
      .where(and(inArray(recallUnits.recallId, recallIds), organisationId ? eq(recallUnits.organisationId, organisationId) : undefined))
      .orderBy(asc(s.shippedOn), asc(s.recordedAt), asc(recallUnits.shipmentId), asc(recallUnits.position));
  },

  async notices(db: Db | Tx, recallIds: string[]): Promise<(StoredNotice & { organisationName: string; answeredBy: string | null })[]> {
    if (!recallIds.length) return [];
    return db
      .select({
        ...getColumns(),
        organisationName: organisations.name,
        answeredBy: sql<string | null>`(select concat_ws(' ', u.first_name, u.last_name) from users u where u.id = ${recallOrganisations.answeredByUserId})`,
      })
      .from(recallOrganisations)
      .innerJoin(organisations, eq(organisations.id, recallOrganisations.organisationId))
      .where(inArray(recallOrganisations.recallId, recallIds))
      .orderBy(asc(organisations.name));
  },

  /** The organisation's notices (the recalls it received), newest first; `open`: those not answered, of recalls not closed. */
  async noticesOf(db: Db | Tx, organisationId: string, open: boolean): Promise<{ recall: StoredRecall; notice: StoredNotice }[]> {
    return db
      .select({ recall: recalls, notice: recallOrganisations })
      .from(recallOrganisations)
      .innerJoin(recalls, eq(recalls.id, recallOrganisations.recallId))
      .where(and(eq(recallOrganisations.organisationId, organisationId), open ? and(isNull(recallOrganisations.answeredAt), isNull(recalls.closedAt)) : undefined))
      .orderBy(desc(recalls.openedAt), asc(recalls.id));
  },

  async answer(db: Db | Tx, recallId: string, organisationId: string, userId: string, a: { onHand: number; used: number; toReturn: number }): Promise<void> {
    await db
      .update(recallOrganisations)
      .set({ answeredAt: sql`now()`, answeredByUserId: userId, unitsOnHand: a.onHand, unitsUsed: a.used, unitsToReturn: a.toReturn })
      .where(and(eq(recallOrganisations.recallId, recallId), eq(recallOrganisations.organisationId, organisationId)));
  },

  async personName(db: Db | Tx, userId: string): Promise<string> {
    const [row] = await db.select({ name: sql<string>`concat_ws(' ', ${users.firstName}, ${users.lastName})` }).from(users).where(eq(users.id, userId));
    return row?.name ?? '';
  },
};

const getColumns = () => ({
  recallId: recallOrganisations.recallId,
  organisationId: recallOrganisations.organisationId,
  unitsReceived: recallOrganisations.unitsReceived,
  told: recallOrganisations.told,
  toldAt: recallOrganisations.toldAt,
  answeredAt: recallOrganisations.answeredAt,
  answeredByUserId: recallOrganisations.answeredByUserId,
  unitsOnHand: recallOrganisations.unitsOnHand,
  unitsUsed: recallOrganisations.unitsUsed,
  unitsToReturn: recallOrganisations.unitsToReturn,
});
