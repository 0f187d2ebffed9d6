import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi, type ShopType } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { CartSchema } from '@portal/shared/schemas/shop';

/** The caller's cart (a visitor's anonymous one too), under the key every remote invalidates. */
export const cartQueryOptions = (shop: ShopType) =>
  queryOptions({
    queryKey: queryKeys.cart.all,
    queryFn: ({ signal }) => portalApi({ shop }).get('/cart', { schema: CartSchema, signal }),
  });

export const useCart = (shop: ShopType, enabled = true) => useQuery({ ...cartQueryOptions(shop), enabled });
