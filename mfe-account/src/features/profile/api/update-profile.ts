import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { ProfileSchema } from '@portal/shared/schemas/account';
import type { ProfileInput } from '@portal/shared/schemas/phone-forms';
import { profileKey } from './get-profile';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileInput) => portalApi().put('/profile', { body, schema: ProfileSchema }),
    onSuccess: (profile) => queryClient.setQueryData(profileKey, profile),
  });
}
