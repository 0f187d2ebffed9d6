// The invoice queries' keys. Here, not in a feature, because two features touch them: the invoices
// read and change them, and moving an order to "in shipping" issues an invoice that the order's
// invoices section must then show. Only this remote reads invoices, so the keys stay out of
// @portal/shared's queryKeys.
import type { ListFilters } from '@portal/shared/query';

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (filters: ListFilters = {}) => ['invoices', 'list', filters] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
};
