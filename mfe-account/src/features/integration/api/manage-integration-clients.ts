// The staff's changes to the integration clients (issue 44, decision 062): create, rotate with an
// overlap, revoke. Each answer refreshes the clients list; a creation's or rotation's answer holds
// the secret, shown once by the page and never cached.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { IntegrationClientSecretSchema, IntegrationClientListSchema, type IntegrationScope } from '@portal/shared/schemas/account';
import { integrationClientsQueryOptions } from './integration-clients';

const CLIENTS = '/staff/integration/clients';
const ClientSchema = IntegrationClientListSchema.entries.items.item;

function useRefreshingMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: integrationClientsQueryOptions().queryKey }) });
}

/** POST /api/v1/staff/integration/clients: a new client; the answer holds its secret. */
export const useCreateIntegrationClient = () =>
  useRefreshingMutation((body: { name: string; scopes: IntegrationScope[] }) => portalApi().post(CLIENTS, { body, schema: IntegrationClientSecretSchema }));

/** POST …/{id}/rotate: a new secret; the previous ones work `overlap_hours` more. */
export const useRotateIntegrationClient = () =>
  useRefreshingMutation(({ id, overlapHours }: { id: string; overlapHours: number }) =>
    portalApi().post(`${CLIENTS}/${encodeURIComponent(id)}/rotate`, { body: { overlap_hours: overlapHours }, schema: IntegrationClientSecretSchema }),
  );

/** POST …/{id}/revoke: its tokens stop working at once. */
export const useRevokeIntegrationClient = () =>
  useRefreshingMutation((id: string) => portalApi().post(`${CLIENTS}/${encodeURIComponent(id)}/revoke`, { schema: ClientSchema }));
