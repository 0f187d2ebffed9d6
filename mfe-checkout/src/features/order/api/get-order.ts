import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi, type ShopType } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { OrderSchema } from '@portal/shared/schemas/checkout';

/** How often the confirmation asks again while the payment is pending. */
export const PAYMENT_POLL_MS = 2_000;

/** An order by id (the confirmation page), under the orders root so placing and paying refresh it. */
export const orderQueryOptions = (shop: ShopType, orderId: string) =>
  queryOptions({
    queryKey: [...queryKeys.orders.all, 'by-id', orderId],
    queryFn: ({ signal }) => portalApi({ shop }).get(`/orders/${encodeURIComponent(orderId)}`, { schema: OrderSchema, signal }),
    // The provider's webhook moves the order on: follow it while the payment is pending.
    refetchInterval: (query) => (query.state.data?.status === 'payment_pending' ? PAYMENT_POLL_MS : false),
  });

export const useOrder = (shop: ShopType, orderId: string, enabled: boolean) => useQuery({ ...orderQueryOptions(shop, orderId), enabled });
