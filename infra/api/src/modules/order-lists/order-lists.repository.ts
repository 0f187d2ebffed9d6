// Order-list rows (decision 056). Every read and write names the caller: the scope (common/scope)
// limits it to the lists the caller may see in their active organisation, so another organisation's
// list, or another member's private list, is never read or changed through an id.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CustomerCaller } from '../../caller';
import { orderListScope } from '../../common/scope';
import type { Db, Tx } from '../../db/client';
import { orderListLines, orderLists } from './tables';
import { users } from './links';

/** A line as stored, with the product's name and article code from when it was added. */
export interface StoredLine {
  product_id: string;
  quantity: number;
  note: string | null;
  name: string;
  article_code: string;
}

export interface ListRow {
  id: string;
  name: string;
  shared: boolean;
  owner_user_id: string;
  owner_name: string;
  line_count: number;
  updated_at: string;
}

const visible = (caller: CustomerCaller) => orderListScope(caller, { organisation: orderLists.organisationId, owner: orderLists.ownerUserId, shared: orderLists.shared });

const listColumns = {
  id: orderLists.id,
  name: orderLists.name,
  shared: orderLists.shared,
  owner_user_id: orderLists.ownerUserId,
  owner_name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  line_count: sql<number>`(select count(*)::int from order_list_lines l where l.list_id = ${orderLists.id})`,
  updated_at: orderLists.updatedAt,
};

const toListRow = (r: Omit<ListRow, 'updated_at'> & { updated_at: Date }): ListRow => ({ ...r, line_count: Number(r.line_count), updated_at: r.updated_at.toISOString() });

/** Adds quantities to a list's lines (a product already there gets the quantity added; the note replaced when one is given). */
async function upsertLines(tx: Tx, listId: string, lines: StoredLine[]): Promise<void> {
  // One row per product (a product named twice counts twice), then one statement.
  const merged = new Map<string, StoredLine>();
  for (const l of lines) {
    const had = merged.get(l.product_id);
    merged.set(l.product_id, had ? { ...l, quantity: had.quantity + l.quantity, note: l.note ?? had.note } : l);
  }
  if (!merged.size) return;
  await tx
    .insert(orderListLines)
    .values([...merged.values()].map((l) => ({ listId, productId: l.product_id, quantity: l.quantity, note: l.note, name: l.name, articleCode: l.article_code })))
    .onConflictDoUpdate({
      target: [orderListLines.listId, orderListLines.productId],
      set: {
        quantity: sql`least(${orderListLines.quantity} + excluded.quantity, 100000)`,
        note: sql`coalesce(excluded.note, ${orderListLines.note})`,
        name: sql`excluded.name`,
        articleCode: sql`excluded.article_code`,
      },
    });
}

const touch = (tx: Tx | Db, id: string) => tx.update(orderLists).set({ updatedAt: new Date() }).where(eq(orderLists.id, id));

export function createOrderListsRepository(db: Db) {
  const selectLists = (q: Db | Tx = db) => q.select(listColumns).from(orderLists).innerJoin(users, eq(users.id, orderLists.ownerUserId));

  return {
    /** The caller's lists and the ones shared with their organisation, most recently changed first. */
    async list(caller: CustomerCaller): Promise<ListRow[]> {
      const rows = await selectLists().where(visible(caller)).orderBy(desc(orderLists.updatedAt), asc(orderLists.id)).limit(500);
      return rows.map(toListRow);
    },

    /** One list the caller may see; null: none (or not theirs to see). */
    async find(caller: CustomerCaller, id: string, tx: Db | Tx = db): Promise<ListRow | null> {
      const [row] = await selectLists(tx).where(and(eq(orderLists.id, id), visible(caller)));
      return row ? toListRow(row) : null;
    },

    /** A list's lines, oldest first (lines added together: by name). */
    lines: (listId: string, tx: Db | Tx = db): Promise<StoredLine[]> =>
      tx
        .select({ product_id: orderListLines.productId, quantity: orderListLines.quantity, note: orderListLines.note, name: orderListLines.name, article_code: orderListLines.articleCode })
        .from(orderListLines)
        .where(eq(orderListLines.listId, listId))
        .orderBy(asc(orderListLines.addedAt), asc(orderListLines.name), asc(orderListLines.productId)),

    /** Makes a list in the caller's active organisation with its first lines, in one transaction. */
    async create(caller: CustomerCaller & { organisationId: string }, input: { name: string; shared: boolean }, lines: StoredLine[]): Promise<string> {
      return db.transaction(async (tx) => {
        const [made] = await tx.insert(orderLists).values({ organisationId: caller.organisationId, ownerUserId: caller.userId, name: input.name, shared: input.shared }).returning({ id: orderLists.id });
        await upsertLines(tx, made!.id, lines);
        return made!.id;
      });
    },

    /** Renames and/or shares a visible list; false: not visible (any more). */
    async update(caller: CustomerCaller, id: string, patch: { name?: string; shared?: boolean }): Promise<boolean> {
      const done = await db
        .update(orderLists)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(orderLists.id, id), visible(caller)))
        .returning({ id: orderLists.id });
      return done.length > 0;
    },

    async remove(caller: CustomerCaller, id: string): Promise<boolean> {
      const done = await db.delete(orderLists).where(and(eq(orderLists.id, id), visible(caller))).returning({ id: orderLists.id });
      return done.length > 0;
    },

    /**
     * Adds lines to a visible list under its row lock (two members adding at once both count), as
     * long as it then holds at most `max` products; `false`: not visible, `'too_many'`: refused.
     */
    async addLines(caller: CustomerCaller, id: string, lines: StoredLine[], max: number): Promise<true | false | 'too_many'> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select({ id: orderLists.id }).from(orderLists).where(and(eq(orderLists.id, id), visible(caller))).for('update');
        if (!locked) return false;
        const ids = [...new Set(lines.map((l) => l.product_id))];
        const [held] = await tx.select({ n: count() }).from(orderListLines).where(eq(orderListLines.listId, id));
        const [already] = await tx.select({ n: count() }).from(orderListLines).where(and(eq(orderListLines.listId, id), inArray(orderListLines.productId, ids)));
        if (Number(held!.n) - Number(already!.n) + ids.length > max) return 'too_many';
        await upsertLines(tx, id, lines);
        await touch(tx, id);
        return true;
      });
    },

    /** Sets one line's quantity (and note, when given) on a visible list; false: no such line there. */
    async setLine(caller: CustomerCaller, id: string, productId: string, quantity: number, note: string | null | undefined): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [list] = await tx.select({ id: orderLists.id }).from(orderLists).where(and(eq(orderLists.id, id), visible(caller)));
        if (!list) return false;
        const done = await tx
          .update(orderListLines)
          .set(note === undefined ? { quantity } : { quantity, note })
          .where(and(eq(orderListLines.listId, id), eq(orderListLines.productId, productId)))
          .returning({ id: orderListLines.productId });
        if (done.length) await touch(tx, id);
        return done.length > 0;
      });
    },

    /** Removes one line of a visible list; false: no such line there. */
    async removeLine(caller: CustomerCaller, id: string, productId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [list] = await tx.select({ id: orderLists.id }).from(orderLists).where(and(eq(orderLists.id, id), visible(caller)));
        if (!list) return false;
        const done = await tx
          .delete(orderListLines)
          .where(and(eq(orderListLines.listId, id), eq(orderListLines.productId, productId)))
          .returning({ id: orderListLines.productId });
        if (done.length) await touch(tx, id);
        return done.length > 0;
      });
    },
  };
}
export type OrderListsRepository = ReturnType<typeof createOrderListsRepository>;
