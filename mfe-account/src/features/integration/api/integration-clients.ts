import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { IntegrationClientListSchema } from '@portal/shared/schemas/account';

/** The supplier's integration clients (GET /api/v1/staff/integration/clients, staff only). */
export const integrationClientsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'integration', 'clients'],
    queryFn: ({ signal }) => portalApi().get('/staff/integration/clients', { schema: IntegrationClientListSchema, signal }),
  });

export const useIntegrationClients = () => useQuery(integrationClientsQueryOptions());
