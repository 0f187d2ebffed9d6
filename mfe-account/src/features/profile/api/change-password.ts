import { useMutation } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import type { PasswordChangeInput } from '@portal/shared/schemas/account';

export const useChangePassword = () => useMutation({ mutationFn: (body: PasswordChangeInput) => portalApi().post('/profile/password', { body }) });
