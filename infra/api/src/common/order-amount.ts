// The most one order may be worth (decision 035), checked where goods are gathered: the cart when
// a line is added or changed, and the checkout's quote, which both the preview and the placement
// price with. One error, so the three answer alike; past it the stored money would leave int4.
import { CHECKOUT_ERRORS, MAX_ORDER_GOODS_CENTS, MESSAGE_KEYS as M } from '@portal/shared/schemas';
import { AppError } from '../errors';

/** Goods as priced: unit cents excluding VAT (null: no price, counts nothing) and a quantity. */
export interface PricedQuantity {
  unitExclVat: number | null;
  quantity: number;
}

/** The goods' worth in cents excluding VAT, before discount (exact: far below 2^53 at the limits of a line). */
export const goodsCents = (lines: Iterable<PricedQuantity>): number => {
  let sum = 0;
  for (const l of lines) sum += (l.unitExclVat ?? 0) * l.quantity;
  return sum;
};

/** 422 CHECKOUT_AMOUNT_TOO_LARGE when the goods are worth more than one order may hold. */
export function checkOrderGoods(cents: number, path: string): void {
  if (cents <= MAX_ORDER_GOODS_CENTS) return;
  throw new AppError(422, CHECKOUT_ERRORS.AMOUNT_TOO_LARGE, 'An order can hold goods worth at most € 1,000,000 excluding VAT', [
    { path, message: M.orderAmountTooLarge, values: { count: MAX_ORDER_GOODS_CENTS / 100 } },
  ]);
}
