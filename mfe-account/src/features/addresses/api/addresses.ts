// The address book (module `addresses`), shared with the checkout: one key for the list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { AddressSchema } from '@portal/shared/schemas/account';

// One key with the checkout's list (`queryKeys`), so a change here refreshes what it offers.
export const addressesKey = queryKeys.addresses.all;

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: addressesKey, queryFn: ({ signal }) => portalApi().get('/addresses', { schema: v.array(AddressSchema), signal }) });

export const useAddresses = () => useQuery(addressesQueryOptions());
