import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { portalApi, type ShopType } from '@portal/shared/api';
import { ShippingMethodSchema, type CountryCode } from '@portal/shared/schemas/checkout';

/**
 * The shipping methods offered for a delivery country, priced for what is ordered: the cart, or the
 * accepted quotation `quotationId` (its "free from" is reached by the quotation's total, not the cart's).
 */
export const shippingMethodsQueryOptions = (shop: ShopType, country: CountryCode, quotationId: string | null) =>
  queryOptions({
    queryKey: ['checkout', 'shipping-methods', shop, country, quotationId],
    queryFn: ({ signal }) =>
      portalApi({ shop }).get('/checkout/shipping-methods', {
        query: { country, ...(quotationId ? { quotation_id: quotationId } : {}) },
        schema: v.array(ShippingMethodSchema),
        signal,
      }),
  });

export const useShippingMethods = (shop: ShopType, country: CountryCode | undefined, quotationId: string | null) =>
  useQuery({ ...shippingMethodsQueryOptions(shop, country ?? 'BE', quotationId), enabled: country !== undefined });
