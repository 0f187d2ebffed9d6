import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { AddressSchema } from '@portal/shared/schemas/account';
import type { AddressBookInput } from '@portal/shared/schemas/phone-forms';
import { addressesKey } from './addresses';

/** Creates (no id) or replaces an address; a new default clears the other of its type, so the list is refetched. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AddressBookInput }) =>
      id ? portalApi().put(`/addresses/${encodeURIComponent(id)}`, { body, schema: AddressSchema }) : portalApi().post('/addresses', { body, schema: AddressSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}
