import { queryOptions, useQuery } from '@tanstack/react-query';
import { FrequentlyOrderedSchema, WIDGET_DEFAULT_ITEMS } from '@portal/shared/schemas/shop';
import { portalApi } from '@portal/shared/api';

/** What the buyer's organisation orders most, at contract prices. */
export const frequentlyOrderedQueryOptions = (locale: string, limit = WIDGET_DEFAULT_ITEMS) =>
  queryOptions({
    queryKey: ['catalog', 'widgets', 'frequently-ordered', locale, limit],
    queryFn: ({ signal }) =>
      portalApi({ shop: 'portal' }).get('/catalog/widgets/frequently-ordered', { query: { limit }, schema: FrequentlyOrderedSchema, signal }),
  });

export const useFrequentlyOrdered = (locale: string, limit?: number) => useQuery(frequentlyOrderedQueryOptions(locale, limit));
