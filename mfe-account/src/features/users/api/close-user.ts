import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { UserClosureSchema } from '@portal/shared/schemas/account';
import { usersKey } from './users';

/** An administrator closes a user's account, or removes a person who belongs to another organisation too (issue 44). */
export function useCloseUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => portalApi().post(`/users/${encodeURIComponent(id)}/close`, { schema: UserClosureSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
