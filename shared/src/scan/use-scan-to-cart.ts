// The React side of scanToCart: one scan at a time; whoever shows the cart (the header's count, the
// cart page's lines) refetches it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bus } from '@portal/shared/bus';
import { queryKeys } from '@portal/shared/query';
import { scanToCart } from './scan-to-cart';

export function useScanToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scanToCart,
    onSuccess: (outcome) => {
      if (outcome.kind !== 'added') return;
      bus.emit('cart:item-added', { productId: outcome.product.id, quantity: 1 });
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
    },
  });
}
