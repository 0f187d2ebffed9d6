import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { AddressSchema } from '@portal/shared/schemas/checkout';

/** The organisation's address book (a web-shop customer's own), as the checkout offers it. */
export const addressesQueryOptions = () =>
  queryOptions({
    // The account's key: an address saved there is not offered stale here.
    queryKey: queryKeys.addresses.all,
    queryFn: ({ signal }) => portalApi().get('/addresses', { schema: v.array(AddressSchema), signal }),
  });

export const useAddresses = (enabled: boolean) => useQuery({ ...addressesQueryOptions(), enabled });
