// What the cart owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { SQL } from 'drizzle-orm';
import type { CustomerCaller } from '../../caller';
import type { Db, Tx } from '../../db/client';
import type { StockLine } from '../catalog/contract';

/** The buyer's cart (owner: cart, modules/cart/cart.repository.ts). */
export interface CartPort {
  /** The owner's cart lines in the order they were added (a quotation made from the cart reads them; the cart is left alone). */
  lines(db: Db | Tx, owner: CustomerCaller): Promise<StockLine[]>;
  /** Placement's fragment: the owner's cart lines as a json array of `{ product_id, quantity }` in product order. */
  held(owner: CustomerCaller): SQL;
  /** Placement's fragment: a data-modifying CTE body emptying the owner's cart when `when` holds. */
  emptyStep(owner: CustomerCaller, when: SQL): SQL;
}
