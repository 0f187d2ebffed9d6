import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { portalApi, type ShopType } from '@portal/shared/api';
import { ShippingMethodSchema, type CountryCode } from '@portal/shared/schemas/checkout';

/** The shipping methods offered for a delivery country, priced for the current cart. */
export const shippingMethodsQueryOptions = (shop: ShopType, country: CountryCode) =>
  queryOptions({
    queryKey: ['checkout', 'shipping-methods', shop, country],
    queryFn: ({ signal }) => portalApi({ shop }).get('/checkout/shipping-methods', { query: { country }, schema: v.array(ShippingMethodSchema), signal }),
  });

export const useShippingMethods = (shop: ShopType, country: CountryCode | undefined) =>
  useQuery({ ...shippingMethodsQueryOptions(shop, country ?? 'BE'), enabled: country !== undefined });
