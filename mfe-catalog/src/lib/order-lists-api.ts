// The order-list API (decision 056) as queries and mutations. A change answers the list as it is
// now, which replaces the cached one; the index is refetched. Ordering fills the cart on the
// server: whoever shows the cart refetches it and the header hears `cart:changed`.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { bus } from '@portal/shared/bus';
import { queryKeys } from '@portal/shared/query';
import {
  CartSchema,
  OrderListDetailSchema,
  OrderListOrderResultSchema,
  OrderListsSchema,
  type OrderListCreate,
  type OrderListDetail,
  type OrderListLineInput,
  type OrderListUpdate,
} from '@portal/shared/schemas/shop';

export const orderListKeys = {
  all: ['order-lists'] as const,
  index: () => ['order-lists', 'index'] as const,
  detail: (id: string) => ['order-lists', 'detail', id] as const,
};

const api = () => portalApi({ shop: 'portal' });

export const useOrderLists = (enabled = true) =>
  useQuery({ queryKey: orderListKeys.index(), queryFn: ({ signal }) => api().get('/order-lists', { schema: OrderListsSchema, signal }), enabled });

export const useOrderList = (id: string) =>
  useQuery({ queryKey: orderListKeys.detail(id), queryFn: ({ signal }) => api().get(`/order-lists/${id}`, { schema: OrderListDetailSchema, signal }) });

/** A mutation answering the list: the cached list is replaced, the index refetched. */
function useListMutation<T>(request: (input: T) => Promise<OrderListDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (list) => {
      queryClient.setQueryData(orderListKeys.detail(list.id), list);
      return queryClient.invalidateQueries({ queryKey: orderListKeys.index() });
    },
  });
}

export const useCreateOrderList = () => useListMutation((input: OrderListCreate) => api().post('/order-lists', { body: input, schema: OrderListDetailSchema }));

export const useUpdateOrderList = (id: string) => useListMutation((input: OrderListUpdate) => api().patch(`/order-lists/${id}`, { body: input, schema: OrderListDetailSchema }));

export const useAddOrderListLines = () =>
  useListMutation(({ id, lines }: { id: string; lines: OrderListLineInput[] }) => api().post(`/order-lists/${id}/lines`, { body: { lines }, schema: OrderListDetailSchema }));

export const useSetOrderListLine = (id: string) =>
  useListMutation(({ productId, quantity }: { productId: string; quantity: number }) => api().put(`/order-lists/${id}/lines/${productId}`, { body: { quantity }, schema: OrderListDetailSchema }));

export const useRemoveOrderListLine = (id: string) => useListMutation((productId: string) => api().delete(`/order-lists/${id}/lines/${productId}`, { schema: OrderListDetailSchema }));

export function useDeleteOrderList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api().delete(`/order-lists/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: orderListKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: orderListKeys.index() });
    },
  });
}

/** Puts the whole list (no ids) or the chosen products in the cart; answers what went in and what not. */
export function useOrderOrderList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productIds?: string[]) => api().post(`/order-lists/${id}/order`, { body: productIds ? { product_ids: productIds } : {}, schema: OrderListOrderResultSchema }),
    onSuccess: async (result) => {
      if (!result.added.length) return;
      await queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      const cart = await api().get('/cart', { schema: CartSchema }).catch(() => null);
      if (cart) bus.emit('cart:changed', { lineCount: cart.lines.length });
    },
  });
}
