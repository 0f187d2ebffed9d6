import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CatalogFacetsSchema, CatalogPageSchema } from '@portal/shared/schemas/shop';
import { portalApi, type ShopType } from '@portal/shared/api';

type Query = Record<string, string | number | undefined>;

export const productsQueryOptions = (shop: ShopType, locale: string, query: Query) =>
  queryOptions({
    queryKey: ['catalog', 'products', shop, locale, query],
    queryFn: ({ signal }) => portalApi({ shop }).get('/catalog/products', { query, schema: CatalogPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** One page of the index. */
export const useProducts = (shop: ShopType, locale: string, query: Query) => useQuery(productsQueryOptions(shop, locale, query));

/** Facet counts: fetched beside the page (they cost more than the page on a large catalogue). */
export const useFacets = (shop: ShopType, locale: string, query: Query) => {
  const { page: _page, sort: _sort, ...filters } = query;
  return useQuery({
    queryKey: ['catalog', 'facets', shop, locale, filters],
    queryFn: ({ signal }) => portalApi({ shop }).get('/catalog/facets', { query: filters, schema: CatalogFacetsSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};
