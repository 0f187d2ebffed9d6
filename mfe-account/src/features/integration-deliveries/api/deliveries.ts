// The webhook deliveries of every integration client, for the supplier's staff (decision 051).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { WebhookDeliveryListSchema, type WebhookDeliveryStatus } from '@portal/shared/schemas/account';

export const deliveriesKey = ['account', 'integration', 'deliveries'] as const;

export const deliveriesQueryOptions = (status: WebhookDeliveryStatus | '') =>
  queryOptions({
    queryKey: [...deliveriesKey, status],
    queryFn: ({ signal }) => portalApi().get('/staff/integration/deliveries', { query: { status: status || undefined }, schema: WebhookDeliveryListSchema, signal }),
  });

export const useDeliveries = (status: WebhookDeliveryStatus | '') => useQuery(deliveriesQueryOptions(status));

/** Sends a dead (or delivered) delivery again; the list reloads to show it pending. */
export function useReplayDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => portalApi().post(`/staff/integration/deliveries/${encodeURIComponent(id)}/replay`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey }),
  });
}
