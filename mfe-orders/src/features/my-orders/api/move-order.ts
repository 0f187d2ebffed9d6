import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { OrderDetailSchema, type OrderStatusChange } from '@portal/shared/schemas/orders';

/** Staff move an order on (processing, to be shipped, in shipping, delivered). */
export function useMoveOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OrderStatusChange) => portalApi({ shop: 'portal' }).post(`/orders/${orderId}/status`, { body: change, schema: OrderDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
