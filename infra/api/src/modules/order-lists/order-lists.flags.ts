// Why a list's line cannot be ordered as it is today, from the product as the caller's shop shows
// it now (decision 056): the product stays on the list, flagged, and ordering reports it.
import type { CatalogProductSummary, OrderListFlag } from '@portal/shared/schemas';

/** The flag of a line asking `quantity` of `product` (undefined: the shop no longer shows it) when `held` are in the cart already. */
export function flagOf(product: CatalogProductSummary | undefined, quantity: number, held = 0): OrderListFlag | null {
  if (!product || product.stock_state === 'not_within_contract') return 'not_in_contract';
  if (product.stock_state === 'price_on_request') return 'price_on_request';
  if (!product.orderable || product.max_quantity - held <= 0) return 'out_of_stock';
  return quantity > product.max_quantity - held ? 'short_of_stock' : null;
}

/** How many of `quantity` go in the cart (all, the rest of the stock, or none). */
export function orderableQuantity(product: CatalogProductSummary | undefined, quantity: number, held = 0): number {
  const flag = flagOf(product, quantity, held);
  if (flag === null) return quantity;
  return flag === 'short_of_stock' ? product!.max_quantity - held : 0;
}
