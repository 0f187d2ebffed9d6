import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { OrganisationDetailsSchema } from '@portal/shared/schemas/account';

export const organisationQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'organisation'], queryFn: ({ signal }) => portalApi().get('/organisation', { schema: OrganisationDetailsSchema, signal }) });

export const useOrganisation = () => useQuery(organisationQueryOptions());
