import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { portalApi } from '@portal/shared/api';
import { ManagedUserSchema, type ManagedUserStatus, type MembershipRole } from '@portal/shared/schemas/account';

export const usersKey = ['account', 'users'] as const;

export interface UsersFilter {
  search: string;
  role: MembershipRole | '';
  status: ManagedUserStatus | '';
}

export const usersQueryOptions = (filter: UsersFilter) =>
  queryOptions({
    queryKey: [...usersKey, 'list', filter],
    queryFn: ({ signal }) =>
      portalApi().get('/users', {
        query: { search: filter.search || undefined, role: filter.role || undefined, status: filter.status || undefined },
        schema: v.array(ManagedUserSchema),
        signal,
      }),
  });

export const useUsers = (filter: UsersFilter) => useQuery(usersQueryOptions(filter));
