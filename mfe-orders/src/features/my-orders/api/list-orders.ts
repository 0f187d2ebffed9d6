import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys, type ListFilters } from '@portal/shared/query';
import { OrderListSchema } from '@portal/shared/schemas/orders';

export const ordersQueryOptions = (filters: ListFilters) =>
  queryOptions({
    queryKey: queryKeys.orders.list(filters),
    queryFn: ({ signal }) => portalApi({ shop: 'portal' }).get('/orders', { query: filters as Record<string, string | number | undefined>, schema: OrderListSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** One page of the organisation's orders (staff: the assigned organisations'). */
export const useOrders = (filters: ListFilters) => useQuery(ordersQueryOptions(filters));
