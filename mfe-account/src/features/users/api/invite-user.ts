import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { ManagedUserSchema } from '@portal/shared/schemas/account';
import type { InviteUserInput } from '@portal/shared/schemas/phone-forms';
import { usersKey } from './users';

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteUserInput) => portalApi().post('/users', { body, schema: ManagedUserSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
