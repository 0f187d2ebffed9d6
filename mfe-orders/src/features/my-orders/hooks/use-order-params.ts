// The list's state lives in the URL (search, status, dates, page), so a link, a reload or the back
// button restores it, and opening an order keeps the list as it was beside it.
import { useUrlListState } from '../../../hooks/use-url-list-state';
import { ORDER_STATUSES, type OrderStatus } from '@portal/shared/schemas/orders';

export interface OrderParams {
  q: string;
  status: OrderStatus | null;
  from: string;
  to: string;
  page: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readOrderParams(params: URLSearchParams): OrderParams {
  const status = params.get('status');
  const page = Number(params.get('page'));
  const date = (key: string) => (DATE.test(params.get(key) ?? '') ? params.get(key)! : '');
  return {
    q: params.get('q') ?? '',
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as OrderStatus) : null,
    from: date('from'),
    to: date('to'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The API query (and query key) of the state. */
export function toOrderQuery(p: OrderParams): Record<string, string | number | undefined> {
  return { q: p.q || undefined, status: p.status ?? undefined, from: p.from || undefined, to: p.to || undefined, page: p.page > 1 ? p.page : undefined };
}

export function useOrderParams() {
  return useUrlListState<OrderParams>(readOrderParams);
}
