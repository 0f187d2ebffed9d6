// The invoice list's state lives in the URL (status, period, order, organisation, page), with the
// API's own query keys, so a link from an order (`?order=<id>`), a reload or the back button
// restores it. What the URL holds is read with the API's schemas: an impossible date or a bad id is
// dropped here instead of turning the page into an error.
import * as v from 'valibot';
import { useUrlListState } from '../../../hooks/use-url-list-state';
import { InvoiceListQuerySchema, type InvoiceStatus } from '@portal/shared/schemas/orders';

export interface InvoiceParams {
  status: InvoiceStatus | null;
  from: string;
  to: string;
  /** An order's id: the invoices of that order. */
  order: string;
  /** Staff: one organisation's id. */
  organisation: string;
  page: number;
}

const FIELDS = InvoiceListQuerySchema.entries;

/** The value of `key` when the API schema accepts it, else null. */
function valid<K extends keyof typeof FIELDS>(params: URLSearchParams, key: K): v.InferOutput<(typeof FIELDS)[K]> | null {
  const raw = params.get(key);
  if (raw === null) return null;
  const result = v.safeParse(FIELDS[key], raw);
  return result.success ? (result.output as v.InferOutput<(typeof FIELDS)[K]>) : null;
}

export function readInvoiceParams(params: URLSearchParams): InvoiceParams {
  return {
    status: valid(params, 'status') ?? null,
    from: valid(params, 'from') ?? '',
    to: valid(params, 'to') ?? '',
    order: valid(params, 'order') ?? '',
    organisation: valid(params, 'organisation') ?? '',
    page: valid(params, 'page') ?? 1,
  };
}

/** The API query (and query key) of the state. */
export function toInvoiceQuery(p: InvoiceParams): Record<string, string | number | undefined> {
  return {
    status: p.status ?? undefined,
    from: p.from || undefined,
    to: p.to || undefined,
    order: p.order || undefined,
    organisation: p.organisation || undefined,
    page: p.page > 1 ? p.page : undefined,
  };
}

export function useInvoiceParams() {
  return useUrlListState<InvoiceParams>(readInvoiceParams);
}
