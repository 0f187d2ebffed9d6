import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { OrderDetailSchema, type OrderProblemReport } from '@portal/shared/schemas/orders';

/** The buyer reports missing or damaged lines to the case manager. */
export function useReportProblem(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: OrderProblemReport) => portalApi({ shop: 'portal' }).post(`/orders/${orderId}/problems`, { body: report, schema: OrderDetailSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
