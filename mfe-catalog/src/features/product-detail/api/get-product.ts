import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopType } from '@portal/shared/api';
import { CatalogProductSchema } from '@portal/shared/schemas/shop';
import { apiFor } from '../../../lib/api';

export const productQueryOptions = (shop: ShopType, locale: string, slug: string) =>
  queryOptions({
    queryKey: ['catalog', 'product', shop, locale, slug],
    queryFn: ({ signal }) => apiFor(shop).get(`/catalog/products/${encodeURIComponent(slug)}`, { schema: CatalogProductSchema, signal }),
  });

export const useProduct = (shop: ShopType, locale: string, slug: string) => useQuery(productQueryOptions(shop, locale, slug));
