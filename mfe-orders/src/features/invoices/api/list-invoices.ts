import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import type { ListFilters } from '@portal/shared/query';
import { InvoiceListSchema } from '@portal/shared/schemas/orders';
import { invoiceKeys } from '../../../api/invoice-keys';

export const invoicesQueryOptions = (filters: ListFilters) =>
  queryOptions({
    queryKey: invoiceKeys.list(filters),
    queryFn: ({ signal }) => portalApi({ shop: 'portal' }).get('/invoices', { query: filters as Record<string, string | number | undefined>, schema: InvoiceListSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** One page of the caller's invoices and credit notes (staff: the assigned organisations'). */
export const useInvoices = (filters: ListFilters) => useQuery(invoicesQueryOptions(filters));
