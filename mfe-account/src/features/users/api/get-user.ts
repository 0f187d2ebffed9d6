import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { ManagedUserSchema } from '@portal/shared/schemas/account';
import { usersKey } from './users';

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...usersKey, 'detail', id], queryFn: ({ signal }) => portalApi().get(`/users/${encodeURIComponent(id)}`, { schema: ManagedUserSchema, signal }) });

export const useUser = (id: string) => useQuery(userQueryOptions(id));
