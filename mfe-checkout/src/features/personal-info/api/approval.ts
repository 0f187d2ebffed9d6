// Orders that need approval (issue 33): whether the checkout as it stands meets one of the
// organisation's approval rules, and submitting it for approval instead of placing it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi, type ShopType } from '@portal/shared/api';
import { bus } from '@portal/shared/bus';
import { queryKeys } from '@portal/shared/query';
import { ApprovalCheckSchema, ApprovalRequestSchema, type Checkout, type CheckoutPreviewRequest } from '@portal/shared/schemas/checkout';

export const approvalCheckKey = (shop: ShopType, body: CheckoutPreviewRequest) => ['checkout', 'approval', shop, body] as const;

export const useApprovalCheck = (shop: ShopType, body: CheckoutPreviewRequest, enabled: boolean) =>
  useQuery({
    queryKey: approvalCheckKey(shop, body),
    queryFn: ({ signal }) => portalApi({ shop }).post('/approval-requests/check', { body, schema: ApprovalCheckSchema, signal }),
    enabled,
  });

/** Submits the checkout for approval: the cart is emptied (as a placed order empties it). */
export function useSubmitForApproval(shop: ShopType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkout: Checkout) => portalApi({ shop }).post('/approval-requests', { body: checkout, schema: ApprovalRequestSchema }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      void queryClient.invalidateQueries({ queryKey: ['approvals'] });
      bus.emit('cart:changed', { lineCount: 0 });
    },
  });
}
