import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { OrderMessageSchema } from '@portal/shared/schemas/orders';

/** Writes on the order; the thread and the lists (unread counts) refresh. */
export function useWriteOrderMessage(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => portalApi({ shop: 'portal' }).post(`/orders/${orderId}/messages`, { body: { body }, schema: OrderMessageSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
