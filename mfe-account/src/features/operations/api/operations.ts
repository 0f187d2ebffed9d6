// The staff's operations figures (issue 43, decision 081; GET /api/v1/staff/operations), read again
// every half minute while the page is open: the counters move, a person watching should see it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { OperationsSummarySchema } from '@portal/shared/schemas/account';

/** How often the page reads the figures again (ms). */
export const OPERATIONS_REFRESH_MS = 30_000;

export const operationsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'operations'],
    queryFn: ({ signal }) => portalApi().get('/staff/operations', { schema: OperationsSummarySchema, signal }),
    refetchInterval: OPERATIONS_REFRESH_MS,
    // A staff member back from another tab wants today's figures, not those of when they left.
    refetchOnWindowFocus: 'always',
  });

export const useOperations = () => useQuery(operationsQueryOptions());
