import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CatalogFacetsSchema, CatalogPageSchema, catalogFacetsQuery, type CatalogApiQuery } from '@portal/shared/schemas/shop';
import { portalApi, type ShopType } from '@portal/shared/api';
import { takeFirstPage } from './first-page-block';

// The first page of the public shop comes with the page when the gateway wrote it (decision 030):
// it is the query's initial data, as fresh as a fetch made now, so nothing is fetched for it. Looked
// for only when the query enters the cache, so a later render or page never takes it.
const fromPage = <T>(take: () => T | undefined) => ({ initialData: take, initialDataUpdatedAt: () => Date.now() });

export const productsQueryOptions = (shop: ShopType, locale: string, query: CatalogApiQuery) =>
  queryOptions({
    queryKey: ['catalog', 'products', shop, locale, query],
    queryFn: ({ signal }) => portalApi({ shop }).get('/catalog/products', { query, schema: CatalogPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** One page of the index. */
export const useProducts = (shop: ShopType, locale: string, query: CatalogApiQuery) =>
  useQuery({ ...productsQueryOptions(shop, locale, query), ...fromPage(() => takeFirstPage('products', CatalogPageSchema, { shop, locale, query })) });

/** Facet counts: fetched beside the page (they cost more than the page on a large catalogue). */
export const useFacets = (shop: ShopType, locale: string, query: CatalogApiQuery) => {
  const filters = catalogFacetsQuery(query);
  return useQuery({
    queryKey: ['catalog', 'facets', shop, locale, filters],
    queryFn: ({ signal }) => portalApi({ shop }).get('/catalog/facets', { query: filters, schema: CatalogFacetsSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    ...fromPage(() => takeFirstPage('facets', CatalogFacetsSchema, { shop, locale, query: filters })),
  });
};
