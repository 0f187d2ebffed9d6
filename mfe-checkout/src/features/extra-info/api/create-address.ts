import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import type { AddressBookInput } from '@portal/shared/schemas/phone-forms';
import { AddressSchema } from '@portal/shared/schemas/checkout';
import { addressesQueryOptions } from './get-addresses';

/** Saves an address typed at checkout to the address book; the book is read again afterwards. */
export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: AddressBookInput) => portalApi().post('/addresses', { body: address, schema: AddressSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryOptions().queryKey }),
  });
}
