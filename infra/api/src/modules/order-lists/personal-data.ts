// The order lists' part of a person's data (issue 44, decision 063; the PersonalDataPort of
// modules/accounts/contract.ts). The download: the lists they made, with their lines. The erasure deletes their
// private lists; a list they shared is the organisation's working list and stays for their
// colleagues, naming only the anonymised account as its author.
import { and, asc, eq } from 'drizzle-orm';
import type { PersonalDataPort } from '../accounts/contract';
import { orderListLines, orderLists } from './tables';

export const orderListsPersonalData: PersonalDataPort = {
  owner: 'order-lists',

  async exportOf(db, { userId }) {
    const lists = await db
      .select({ name: orderLists.name, shared: orderLists.shared, created_at: orderLists.createdAt, updated_at: orderLists.updatedAt })
      .from(orderLists)
      .where(eq(orderLists.ownerUserId, userId))
      .orderBy(asc(orderLists.createdAt), asc(orderLists.name));
    const lines = await db
      .select({ list: orderLists.name, product_id: orderListLines.productId, quantity: orderListLines.quantity, note: orderListLines.note })
      .from(orderListLines)
      .innerJoin(orderLists, eq(orderLists.id, orderListLines.listId))
      .where(eq(orderLists.ownerUserId, userId))
      .orderBy(asc(orderLists.createdAt), asc(orderLists.name), asc(orderListLines.productId));
    return { order_lists: lists, order_list_lines: lines };
  },

  async erase(tx, { userId }) {
    // Their lines go with them (on delete cascade).
    await tx.delete(orderLists).where(and(eq(orderLists.ownerUserId, userId), eq(orderLists.shared, false)));
  },
};
