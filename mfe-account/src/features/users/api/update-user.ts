import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { ManagedUserSchema, type UpdateManagedUserInput } from '@portal/shared/schemas/account';
import { usersKey } from './users';

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateManagedUserInput) => portalApi().put(`/users/${encodeURIComponent(id)}`, { body, schema: ManagedUserSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
