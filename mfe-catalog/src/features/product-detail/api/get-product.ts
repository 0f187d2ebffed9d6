import { queryOptions, useQuery } from '@tanstack/react-query';
import { CatalogProductSchema } from '@portal/shared/schemas/shop';
import { portalApi, type ShopType } from '@portal/shared/api';

export const productQueryOptions = (shop: ShopType, locale: string, slug: string) =>
  queryOptions({
    queryKey: ['catalog', 'product', shop, locale, slug],
    queryFn: ({ signal }) => portalApi({ shop }).get(`/catalog/products/${encodeURIComponent(slug)}`, { schema: CatalogProductSchema, signal }),
  });

export const useProduct = (shop: ShopType, locale: string, slug: string) => useQuery(productQueryOptions(shop, locale, slug));
