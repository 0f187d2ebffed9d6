import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi, type ShopType } from '@portal/shared/api';
import { bus } from '@portal/shared/bus';
import { queryKeys } from '@portal/shared/query';
import { CartSchema } from '@portal/shared/schemas/shop';

/**
 * Sets a line's quantity (capped by stock on the server). The answer is the new cart: it replaces the
 * cached one at once, and `cart:changed` tells the header and any other remote.
 */
export function useSetQuantity(shop: ShopType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, quantity }: { productId: string; quantity: number }) =>
      portalApi({ shop }).put(`/cart/items/${encodeURIComponent(productId)}`, { body: { quantity }, schema: CartSchema }),
    onSuccess: (cart) => {
      queryClient.setQueryData(queryKeys.cart.all, cart);
      bus.emit('cart:changed', { lineCount: cart.lines.length });
    },
  });
}
