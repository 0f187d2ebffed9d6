import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { QuotationSchema, type QuotationUpdate } from '@portal/shared/schemas/orders';

/** Saves a draft's title and lines. */
export function useUpdateQuotation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuotationUpdate) => portalApi({ shop: 'portal' }).put(`/quotations/${id}`, { body: input, schema: QuotationSchema }),
    onSuccess: (q) => {
      queryClient.setQueryData(queryKeys.quotations.detail(id), q);
      return queryClient.invalidateQueries({ queryKey: queryKeys.quotations.list() });
    },
  });
}
