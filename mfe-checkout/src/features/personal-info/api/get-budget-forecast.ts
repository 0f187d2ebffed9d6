// The chosen cost centre's budget against the order as it stands (issue 44.14): the checkout's
// preview judges it by placement's own rule, so the buyer learns before placing whether the order
// would be refused or go to approval. The preview's other figures are the extra-info step's business.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { portalApi, type ShopType } from '@portal/shared/api';
import { CheckoutPreviewSchema, type CheckoutPreviewRequest } from '@portal/shared/schemas/checkout';

/** `body` with `cost_centre_id`; `enabled` only once a cost centre is chosen. Answers the preview's `budget` (undefined: none named, or an older API). */
export const useBudgetForecast = (shop: ShopType, body: CheckoutPreviewRequest, enabled: boolean) =>
  useQuery({
    queryKey: ['checkout', 'preview', shop, body],
    queryFn: ({ signal }) => portalApi({ shop }).post('/checkout/preview', { body, schema: CheckoutPreviewSchema, signal }),
    select: (preview) => preview.budget,
    enabled,
    // The last verdict stays while another cost centre's is asked: no flicker between choices.
    placeholderData: keepPreviousData,
  });
