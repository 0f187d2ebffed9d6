import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { invoiceKeys } from '../../../api/invoice-keys';

/**
 * Staff send an invoice's failed e-invoice delivery again (POST /invoices/{id}/delivery/retry). The
 * answer is not read: the lists and the detail are loaded again to show the delivery queued.
 */
export function useRetryDelivery(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => portalApi({ shop: 'portal' }).post(`/invoices/${encodeURIComponent(invoiceId)}/delivery/retry`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
