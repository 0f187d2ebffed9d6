import { useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { OrderMessageThreadSchema } from '@portal/shared/schemas/orders';

/** The key of an order's thread: under the orders family, so a new message refreshes the unread counts too. */
export const orderMessagesKey = (orderId: string) => [...queryKeys.orders.all, 'messages', orderId] as const;

/** The order's thread; reading it marks the other side's messages read. */
export const useOrderMessages = (orderId: string) =>
  useQuery({
    queryKey: orderMessagesKey(orderId),
    queryFn: ({ signal }) => portalApi({ shop: 'portal' }).get(`/orders/${orderId}/messages`, { schema: OrderMessageThreadSchema, signal }),
  });
