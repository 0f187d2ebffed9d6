import { FormattedMessage, useIntl } from 'react-intl';
import { isApiError } from '@portal/shared/api';
import { ORDER_ERRORS } from '@portal/shared/schemas/checkout';
import { useSession } from '@portal/shared/session';
import { StateRegion } from '@portal/shared/ui/status';
import { Notice } from '@portal/shared/ui';
import { SignInFirst } from '../../../components/sign-in-first';
import { useCheckoutShop } from '../../../lib/checkout-shop';
import { useOrder } from '../api/get-order';
import { OrderView } from './order-view';

/** The confirmation of an order of the signed-in buyer's organisation. */
export function OrderConfirmation({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const signedIn = useSession((s) => s.isSignedIn);
  const shop = useCheckoutShop();
  const order = useOrder(shop, orderId, signedIn);
  if (!signedIn) return <SignInFirst />;
  if (isApiError(order.error) && order.error.code === ORDER_ERRORS.NOT_FOUND) {
    return <Notice tone="red" title={<FormattedMessage id="checkout.order.notFound" />} role="alert" />;
  }
  return (
    <StateRegion
      status={order.status}
      loadingLabel={intl.formatMessage({ id: 'checkout.order.loading' })}
      errorTitle={<FormattedMessage id="checkout.order.failed" />}
      onRetry={() => void order.refetch()}
      retryLabel={<FormattedMessage id="checkout.retry" />}
    >
      {order.data ? <OrderView order={order.data} shop={shop} /> : null}
    </StateRegion>
  );
}
