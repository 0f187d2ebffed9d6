import { useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { QuotationListSchema } from '@portal/shared/schemas/orders';

/** The organisation's quotations (staff: the assigned organisations'). */
export const useQuotations = () =>
  useQuery({
    queryKey: queryKeys.quotations.list(),
    queryFn: ({ signal }) => portalApi({ shop: 'portal' }).get('/quotations', { schema: QuotationListSchema, signal }),
  });
