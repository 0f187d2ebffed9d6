// Why a cart line cannot be ordered as it is, known from the cart itself (issue 32): the placement
// refuses the same lines (not within contract or without a price: NOT_ORDERABLE; more than the stock:
// OUT_OF_STOCK), so the cart says so at once and does not let the buyer go on until it is resolved.
import type { CartLine } from '@portal/shared/schemas/shop';

/** A line's problem: the message id and its values. */
export interface LineProblem {
  id: string;
  values?: Record<string, number>;
}

/** The problem of one line, or null when it can be ordered as it is. */
export function lineProblem(line: CartLine): LineProblem | null {
  if (line.stock === 'not_within_contract') return { id: 'checkout.cart.problem.notWithinContract' };
  if (line.stock === 'price_on_request' || line.unit_price === null) return { id: 'checkout.cart.problem.priceOnRequest' };
  if (line.stock === 'not_available' || line.max_quantity === 0) return { id: 'checkout.cart.problem.notAvailable' };
  if (line.quantity > line.max_quantity) return { id: 'quantity.maximumAllowed', values: { count: line.max_quantity } };
  return null;
}

/** Whether any line of the cart stands in the way of ordering it. */
export const hasLineProblems = (lines: readonly CartLine[]): boolean => lines.some((l) => lineProblem(l) !== null);
