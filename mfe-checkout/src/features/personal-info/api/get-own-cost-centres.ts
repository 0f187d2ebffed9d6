import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalApi, type ShopType } from '@portal/shared/api';
import { CheckoutCostCentresSchema } from '@portal/shared/schemas/checkout';

/** The cost centres the buyer may order against, and whether the organisation requires one (issue 33). */
export const ownCostCentresQueryOptions = (shop: ShopType) =>
  queryOptions({
    queryKey: ['checkout', 'cost-centres', shop],
    queryFn: ({ signal }) => portalApi({ shop }).get('/cost-centres/mine', { schema: CheckoutCostCentresSchema, signal }),
  });

/** Only for a buyer of an organisation: a web-shop customer has none, so nothing is asked. */
export const useOwnCostCentres = (shop: ShopType, enabled: boolean) => useQuery({ ...ownCostCentresQueryOptions(shop), enabled });
