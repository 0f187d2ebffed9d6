import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { QuotationSchema, type QuotationCreate } from '@portal/shared/schemas/orders';

/** Creates a quotation: empty, from the cart, or with products. */
export function useCreateQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuotationCreate) => portalApi({ shop: 'portal' }).post('/quotations', { body: input, schema: QuotationSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.quotations.all }),
  });
}
