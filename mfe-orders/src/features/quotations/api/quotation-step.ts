import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { QuotationSchema, type QuotationAnswer } from '@portal/shared/schemas/orders';

/** Send (customer), accept (customer) or answer (case manager): each returns the quotation after the step. */
export function useQuotationStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: { action: 'send' | 'accept' } | { action: 'answer'; answer: QuotationAnswer }) =>
      portalApi({ shop: 'portal' }).post(`/quotations/${id}/${step.action}`, { body: step.action === 'answer' ? step.answer : undefined, schema: QuotationSchema }),
    onSuccess: (q) => {
      queryClient.setQueryData(queryKeys.quotations.detail(id), q);
      return queryClient.invalidateQueries({ queryKey: queryKeys.quotations.list() });
    },
  });
}
