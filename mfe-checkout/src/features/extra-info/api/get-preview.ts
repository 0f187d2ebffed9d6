import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { portalApi, type ShopType } from '@portal/shared/api';
import { CheckoutPreviewSchema, type CheckoutPreviewRequest } from '@portal/shared/schemas/checkout';

// The totals the server would charge for what is chosen so far. A POST that reads: the server
// recomputes every amount, the client only shows them.
const fetchPreview = (shop: ShopType, body: CheckoutPreviewRequest, signal?: AbortSignal) =>
  portalApi({ shop }).post('/checkout/preview', { body, schema: CheckoutPreviewSchema, ...(signal ? { signal } : {}) });

export const previewQueryOptions = (shop: ShopType, body: CheckoutPreviewRequest) =>
  queryOptions({
    queryKey: ['checkout', 'preview', shop, body],
    queryFn: ({ signal }) => fetchPreview(shop, body, signal),
    // The old totals stay on screen while the new ones are computed.
    placeholderData: keepPreviousData,
  });

export const usePreview = (shop: ShopType, body: CheckoutPreviewRequest, enabled: boolean) => useQuery({ ...previewQueryOptions(shop, body), enabled });

/** Tries a discount code: the preview answers 422 (`CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE`) for one that does not apply. */
export const useCheckDiscount = (shop: ShopType) =>
  useMutation({ mutationFn: (body: CheckoutPreviewRequest) => fetchPreview(shop, body) });
