import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { ProfileSchema } from '@portal/shared/schemas/account';

export const profileKey = ['account', 'profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileKey, queryFn: ({ signal }) => portalApi().get('/profile', { schema: ProfileSchema, signal }) });

export const useProfile = () => useQuery(profileQueryOptions());
