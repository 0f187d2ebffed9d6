import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi, type ShopType } from '@portal/shared/api';
import { bus } from '@portal/shared/bus';
import { queryKeys } from '@portal/shared/query';
import { CartSchema } from '@portal/shared/schemas/shop';

/** Removes a line; the answer is the new cart, cached at once and announced with `cart:changed`. */
export function useRemoveLine(shop: ShopType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => portalApi({ shop }).delete(`/cart/items/${encodeURIComponent(productId)}`, { schema: CartSchema }),
    onSuccess: (cart) => {
      queryClient.setQueryData(queryKeys.cart.all, cart);
      bus.emit('cart:changed', { lineCount: cart.lines.length });
    },
  });
}
