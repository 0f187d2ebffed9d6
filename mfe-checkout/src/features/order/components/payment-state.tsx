// Where the payment stands, in words, with "Pay again" for a failed or cancelled payment (a new
// payment at the provider). While it is pending the page asks again on its own (see get-order).
import { FormattedMessage } from 'react-intl';
import type { ShopType } from '@portal/shared/api';
import type { Order } from '@portal/shared/schemas/checkout';
import { Button, Loader, Group } from '@portal/shared/ui';
import { Notice, type NoticeTone } from '@portal/shared/ui';
import { useRetryPayment } from '../api/retry-payment';

const RETRYABLE: readonly string[] = ['payment_failed', 'payment_cancelled'];

const MESSAGES: Partial<Record<Order['status'], { id: string; tone: NoticeTone }>> = {
  payment_pending: { id: 'checkout.order.paymentPending', tone: 'blue' },
  payment_failed: { id: 'checkout.order.paymentFailed', tone: 'red' },
  payment_cancelled: { id: 'checkout.order.paymentCancelled', tone: 'red' },
  payment_expired: { id: 'checkout.order.paymentExpired', tone: 'red' },
};

export function PaymentState({ order, shop }: { order: Order; shop: ShopType }) {
  const retry = useRetryPayment(shop);
  const message = MESSAGES[order.status];
  if (!message) {
    return <Notice tone="green" title={<FormattedMessage id="checkout.order.thanks" />} testId="order-thanks" />;
  }
  return (
    <Notice tone={message.tone} title={<FormattedMessage id={message.id} />} testId="payment-state">
      {order.status === 'payment_pending' ? (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <FormattedMessage id="checkout.order.paymentPendingHint" />
        </Group>
      ) : null}
      {RETRYABLE.includes(order.status) ? (
        <div style={{ marginTop: 12 }}>
          <Button
            loading={retry.isPending || retry.isSuccess}
            onClick={() => retry.mutate(order.id, { onSuccess: ({ payment_url }) => window.location.assign(payment_url) })}
          >
            <FormattedMessage id="checkout.order.payAgain" />
          </Button>
          {retry.isError ? (
            <div role="alert">
              <FormattedMessage id="checkout.order.payAgainFailed" />
            </div>
          ) : null}
        </div>
      ) : null}
    </Notice>
  );
}
