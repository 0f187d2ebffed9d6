import { useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { QuotationSchema } from '@portal/shared/schemas/orders';

/** One quotation with its lines, prices once answered, and history. */
export const useQuotation = (id: string) =>
  useQuery({
    queryKey: queryKeys.quotations.detail(id),
    queryFn: ({ signal }) => portalApi({ shop: 'portal' }).get(`/quotations/${id}`, { schema: QuotationSchema, signal }),
  });
