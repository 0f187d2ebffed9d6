// The Peppol orders the portal received and the Order Response each got, for the supplier's staff
// (issue 34, decision 053; GET /api/v1/staff/procurement/peppol-orders).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { StaffPeppolOrderListSchema } from '@portal/shared/schemas/account';

export const peppolOrdersKey = ['account', 'integration', 'peppol-orders'] as const;

export const peppolOrdersQueryOptions = () =>
  queryOptions({
    queryKey: peppolOrdersKey,
    queryFn: ({ signal }) => portalApi().get('/staff/procurement/peppol-orders', { schema: StaffPeppolOrderListSchema, signal }),
  });

export const usePeppolOrders = () => useQuery(peppolOrdersQueryOptions());
