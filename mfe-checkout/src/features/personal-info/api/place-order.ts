import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi, type ShopType } from '@portal/shared/api';
import { bus } from '@portal/shared/bus';
import { queryKeys } from '@portal/shared/query';
import { IDEMPOTENCY_KEY_HEADER, PlacedOrderSchema, type Checkout } from '@portal/shared/schemas/checkout';
import { idempotencyKeyFor } from '../../../lib/checkout-draft';

/**
 * Places the order. The Idempotency-Key is kept with the checkout (session storage): a submit retried
 * after a lost answer sends the same key, so the server answers with the same order instead of a
 * second one. A placed order empties the cart and joins the orders lists.
 */
export function usePlaceOrder(shop: ShopType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkout: Checkout) =>
      portalApi({ shop }).post('/orders', { body: checkout, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyFor(checkout) }, schema: PlacedOrderSchema }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      bus.emit('cart:changed', { lineCount: 0 });
    },
  });
}
