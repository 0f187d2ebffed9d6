import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { OrderDetailSchema, type OrderStatusChange } from '@portal/shared/schemas/orders';
import { invoiceKeys } from '../../../api/invoice-keys';

/** Staff move an order on (processing, to be shipped, in shipping, delivered); shipping issues its invoice. */
export function useMoveOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OrderStatusChange) => portalApi({ shop: 'portal' }).post(`/orders/${orderId}/status`, { body: change, schema: OrderDetailSchema }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }), queryClient.invalidateQueries({ queryKey: invoiceKeys.all })]),
  });
}
