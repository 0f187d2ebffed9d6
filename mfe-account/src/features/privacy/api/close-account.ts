import { useMutation } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { AccountClosedSchema } from '@portal/shared/schemas/account';

/** A web-shop customer closes their own account (issue 44): the sign-ins end, the data goes after the retention period. */
export function useCloseAccount() {
  return useMutation({
    mutationFn: () => portalApi().post('/profile/close', { body: { confirm: true }, schema: AccountClosedSchema }),
  });
}
