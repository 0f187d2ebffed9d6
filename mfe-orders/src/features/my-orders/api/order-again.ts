// Order again: the lines are resolved against today's contract (the quick-order lookup), the ones
// that can still be ordered go into the cart in one call (at most the stock), and the buyer is told
// which lines changed price, were short of stock or are no longer within the contract.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { CartSchema, QuickOrderResultSchema, type OrderDetail } from '@portal/shared/schemas/orders';

export type OrderAgainNote = { article_code: string; description: string } & (
  | { kind: 'price_changed'; before: number; now: number }
  | { kind: 'short_of_stock'; requested: number; added: number }
  | { kind: 'not_within_contract' }
);

export interface OrderAgainResult {
  added: number;
  notes: OrderAgainNote[];
}

/** What goes into the cart and what the buyer must hear, from the order and the lookup. */
export function planOrderAgain(order: Pick<OrderDetail, 'lines'>, resolved: { code: string; status: string; product: { id: string; orderable: boolean; max_quantity: number; price: { excl_vat: number } | null } | null }[]) {
  const lines: { product_id: string; quantity: number }[] = [];
  const notes: OrderAgainNote[] = [];
  order.lines.forEach((line, i) => {
    const found = resolved[i];
    const product = found?.product;
    const base = { article_code: line.article_code, description: line.description };
    if (!product || !product.orderable || (found.status !== 'found' && found.status !== 'above_stock')) {
      notes.push({ ...base, kind: 'not_within_contract' });
      return;
    }
    const quantity = Math.min(line.quantity, product.max_quantity);
    if (quantity < line.quantity) notes.push({ ...base, kind: 'short_of_stock', requested: line.quantity, added: quantity });
    if (product.price && product.price.excl_vat !== line.unit_price_excl_vat) notes.push({ ...base, kind: 'price_changed', before: line.unit_price_excl_vat, now: product.price.excl_vat });
    if (quantity > 0) lines.push({ product_id: product.id, quantity });
  });
  return { lines, notes };
}

export function useOrderAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (order: Pick<OrderDetail, 'lines'>): Promise<OrderAgainResult> => {
      const api = portalApi({ shop: 'portal' });
      const resolved = await api.post('/catalog/quick-order', {
        body: { lines: order.lines.map((l) => ({ code: l.article_code, quantity: l.quantity })) },
        schema: QuickOrderResultSchema,
      });
      const plan = planOrderAgain(order, resolved.lines);
      if (plan.lines.length) await api.post('/cart/items/bulk', { body: { lines: plan.lines }, schema: CartSchema });
      return { added: plan.lines.length, notes: plan.notes };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart.all }),
  });
}
