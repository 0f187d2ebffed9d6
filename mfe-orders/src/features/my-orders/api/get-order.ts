import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { OrderDetailSchema } from '@portal/shared/schemas/orders';

export const orderQueryOptions = (number: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(number),
    queryFn: ({ signal }) => portalApi({ shop: 'portal' }).get(`/my-orders/${encodeURIComponent(number)}`, { schema: OrderDetailSchema, signal }),
  });

/** One order with lines, addresses, timeline and what the caller may do next. */
export const useOrder = (number: string) => useQuery(orderQueryOptions(number));
