// The staff's failed deliveries (decision 083; GET /staff/failed-deliveries): e-invoices and
// Despatch Advices the delivery gave up on, and their retry, each through its document's route.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { FailedDeliveriesSchema, type FailedDelivery } from '@portal/shared/schemas/orders';
import { invoiceKeys } from '../../../api/invoice-keys';

export const failedDeliveryKeys = { all: ['deliveries', 'failed'] as const };

export const failedDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: failedDeliveryKeys.all,
    queryFn: ({ signal }) => portalApi({ shop: 'portal' }).get('/staff/failed-deliveries', { schema: FailedDeliveriesSchema, signal }),
  });

export const useFailedDeliveries = () => useQuery(failedDeliveriesQueryOptions());

/** The retry route of a document's delivery: the invoice's (it also adds a channel gained since) or the Despatch Advice's. */
const retryPath = (item: Pick<FailedDelivery, 'document_kind' | 'document_id'>) =>
  `/${item.document_kind === 'invoice' ? 'invoices' : 'despatch-advices'}/${encodeURIComponent(item.document_id)}/delivery/retry`;

/** Staff send a failed delivery again; the page and the invoice lists are read again to show it queued. */
export function useRetryFailedDelivery(item: Pick<FailedDelivery, 'document_kind' | 'document_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => portalApi({ shop: 'portal' }).post(retryPath(item)),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: failedDeliveryKeys.all }), queryClient.invalidateQueries({ queryKey: invoiceKeys.all })]),
  });
}
