import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi, type ShopType } from '@portal/shared/api';
import { bus } from '@portal/shared/bus';
import { useLocale } from '@portal/shared/navigation';
import { queryKeys } from '@portal/shared/query';
import { IDEMPOTENCY_KEY_HEADER, PlacedOrderSchema, type Checkout } from '@portal/shared/schemas/checkout';
import { idempotencyKeyFor } from '../../../lib/checkout-draft';

/**
 * Places the order. The Idempotency-Key is kept with the checkout (session storage): a submit retried
 * after a lost answer sends the same key, so the server answers with the same order instead of a
 * second one. The key stands for the body, the shop and the language, as on the server (the
 * language is the page's, which the API client sends as Accept-Language). A placed order empties the cart (not a quotation's) and joins the orders lists.
 */
export function usePlaceOrder(shop: ShopType) {
  const queryClient = useQueryClient();
  const locale = useLocale();
  return useMutation({
    mutationFn: (checkout: Checkout) =>
      portalApi({ shop }).post('/orders', { body: checkout, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyFor({ body: checkout, shop, locale }) }, schema: PlacedOrderSchema }),
    onSuccess: (_placed, checkout) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      // A quotation's order leaves the cart alone; the quotation now shows its order.
      if (checkout.quotation_id) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.quotations.all });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      bus.emit('cart:changed', { lineCount: 0 });
    },
  });
}
