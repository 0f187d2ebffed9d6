import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { InvoiceDetailSchema } from '@portal/shared/schemas/orders';
import { invoiceKeys } from '../../../api/invoice-keys';

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => portalApi({ shop: 'portal' }).get(`/invoices/${encodeURIComponent(id)}`, { schema: InvoiceDetailSchema, signal }),
  });

/** One invoice or credit note with its lines, VAT breakdown and payment details. */
export const useInvoice = (id: string) => useQuery(invoiceQueryOptions(id));
