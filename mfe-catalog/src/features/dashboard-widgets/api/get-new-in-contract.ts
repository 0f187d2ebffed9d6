import { queryOptions, useQuery } from '@tanstack/react-query';
import { NewInContractSchema, WIDGET_DEFAULT_ITEMS } from '@portal/shared/schemas/shop';
import { portalApi } from '@portal/shared/api';

/** Products that entered the buyer's contract in the last 90 days, newest first. */
export const newInContractQueryOptions = (locale: string, limit = WIDGET_DEFAULT_ITEMS) =>
  queryOptions({
    queryKey: ['catalog', 'widgets', 'new-in-contract', locale, limit],
    queryFn: ({ signal }) => portalApi({ shop: 'portal' }).get('/catalog/widgets/new-in-contract', { query: { limit }, schema: NewInContractSchema, signal }),
  });

export const useNewInContract = (locale: string, limit?: number) => useQuery(newInContractQueryOptions(locale, limit));
