// The cart's part of a person's data (issue 44, decision 063; the PersonalDataPort of
// modules/accounts/contract.ts): what is in their carts is in the download; the erasure deletes the carts.
import { asc, eq } from 'drizzle-orm';
import type { PersonalDataPort } from '../accounts/contract';
import { cartLines, carts } from './tables';

export const cartPersonalData: PersonalDataPort = {
  owner: 'cart',

  async exportOf(db, { userId }) {
    const lines = await db
      .select({ product_id: cartLines.productId, quantity: cartLines.quantity, updated_at: carts.updatedAt })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(eq(carts.userId, userId))
      .orderBy(asc(cartLines.productId));
    return { cart: lines };
  },

  async erase(tx, { userId }) {
    // Their lines go with them (on delete cascade).
    await tx.delete(carts).where(eq(carts.userId, userId));
  },
};
