// What the checkout owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { Tx } from '../../db/client';

/** Discount codes' uses (owner: checkout, modules/checkout/discounts.ts). */
export interface DiscountPort {
  /** One use of the code at placement: active, within its dates and its limit; false when not. */
  use(tx: Tx, id: number): Promise<boolean>;
  /** One use again for a payment's retry (the code was valid when the order was placed): within its limit only. */
  useAgain(tx: Tx, id: number): Promise<boolean>;
  /** Gives one use back (a failed, cancelled or expired payment). */
  giveBack(tx: Tx, id: number): Promise<void>;
}
