import { queryOptions, useQuery } from '@tanstack/react-query';
import { NewInContractSchema, WIDGET_DEFAULT_ITEMS } from '@portal/shared/schemas/shop';
import { apiFor } from '../../../lib/api';

/** Products that entered the buyer's contract in the last 90 days, newest first. */
export const newInContractQueryOptions = (locale: string, limit = WIDGET_DEFAULT_ITEMS) =>
  queryOptions({
    queryKey: ['catalog', 'widgets', 'new-in-contract', locale, limit],
    queryFn: ({ signal }) => apiFor('portal').get('/catalog/widgets/new-in-contract', { query: { limit }, schema: NewInContractSchema, signal }),
  });

export const useNewInContract = (locale: string, limit?: number) => useQuery(newInContractQueryOptions(locale, limit));
