import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { OrderDetailSchema } from '@portal/shared/schemas/orders';

/** The buyer confirms delivery. */
export function useConfirmDelivery(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => portalApi({ shop: 'portal' }).post(`/orders/${orderId}/confirm-delivery`, { schema: OrderDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
