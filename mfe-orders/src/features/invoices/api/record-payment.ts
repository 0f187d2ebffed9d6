import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import type { InvoicePaymentInput } from '@portal/shared/schemas/orders';
import { invoiceKeys } from '../../../api/invoice-keys';

/**
 * Staff record that an open or overdue invoice's payment arrived. The answer is not read: every
 * invoice list and detail is loaded again, since the status, the amount due and the order's
 * invoices all change.
 */
export function useRecordPayment(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvoicePaymentInput) => portalApi({ shop: 'portal' }).post(`/invoices/${encodeURIComponent(invoiceId)}/payments`, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
