// The recalls owner's own tables (decision 074): the recall, the lines it reached as found when it
// opened, and each receiving organisation's notice and answer. Reads of the accounts' tables name
// whom to tell and who may read; the lot index is read in recalls.receivers.ts.
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rolesWith } from '../../common/scope/authority';
import type { Db, Tx } from '../../db/client';
import { memberships, organisations, users } from './links';
import type { ReceivedLine } from './recalls.receivers';
import { recallOrganisations, recalls, recallUnits } from './tables';

export type StoredRecall = typeof recalls.$inferSelect;
export type StoredRecallUnit = typeof recallUnits.$inferSelect;
export type StoredNotice = typeof recallOrganisations.$inferSelect;

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
      );
    }
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

  /** The organisation's notices (the recalls it received), newest first; `open`: those not answered. */
  async noticesOf(db: Db | Tx, organisationId: string, open: boolean): Promise<{ recall: StoredRecall; notice: StoredNotice }[]> {
    return db
      .select({ recall: recalls, notice: recallOrganisations })
      .from(recallOrganisations)
      .innerJoin(recalls, eq(recalls.id, recallOrganisations.recallId))
      .where(and(eq(recallOrganisations.organisationId, organisationId), open ? isNull(recallOrganisations.answeredAt) : undefined))
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
