import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@portal/shared/query';
import { CartSchema, QuickOrderResultSchema } from '@portal/shared/schemas/shop';
import { portalApi } from '@portal/shared/api';
import type { ParsedLine } from './parse-lines';

/** Resolves the lines against the buyer's contract. */
export const useResolveQuickOrder = () =>
  useMutation({
    mutationFn: (lines: ParsedLine[]) => portalApi({ shop: 'portal' }).post('/catalog/quick-order', { body: { lines }, schema: QuickOrderResultSchema }),
  });

/** Adds the found lines to the cart in one call (all or none); whoever shows the cart refetches it. */
export function useAddQuickOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: { product_id: string; quantity: number }[]) => portalApi({ shop: 'portal' }).post('/cart/items/bulk', { body: { lines }, schema: CartSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart.all }),
  });
}
