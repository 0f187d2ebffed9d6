import { useMutation } from '@tanstack/react-query';
import { portalApi, type ShopType } from '@portal/shared/api';
import { OrderPaymentSchema } from '@portal/shared/schemas/checkout';

/** A new payment for a failed or cancelled one; the buyer is then sent to the provider's page. */
export const useRetryPayment = (shop: ShopType) =>
  useMutation({
    mutationFn: (orderId: string) => portalApi({ shop }).post(`/orders/${encodeURIComponent(orderId)}/payment`, { schema: OrderPaymentSchema }),
  });
