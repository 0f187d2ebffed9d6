import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { EmailChangeStartedSchema, ProfileSchema, type EmailChangeConfirm } from '@portal/shared/schemas/account';
import { profileKey } from './get-profile';

/** Asks for a code at the new address. */
export const useStartEmailChange = () =>
  useMutation({ mutationFn: (email: string) => portalApi().post('/profile/email', { body: { email }, schema: EmailChangeStartedSchema }) });

/** Confirms the new address with the code; the profile then shows it. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailChangeConfirm) => portalApi().post('/profile/email/confirm', { body, schema: ProfileSchema }),
    onSuccess: (profile) => queryClient.setQueryData(profileKey, profile),
  });
}
