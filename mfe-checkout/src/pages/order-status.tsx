import { useParams } from '@portal/shared/router';
import { PageIntro } from '@portal/shared/ui';
import { CheckoutSteps } from '../components/checkout-steps';
import { OrderConfirmation } from '../features/order/components/order-confirmation';

/** The confirmation and status of your order. */
export default function OrderStatusPage() {
  const { orderId = '' } = useParams();
  return (
    <>
      <CheckoutSteps current="order" />
      <PageIntro titleId="title.order" introId="checkout.orderStatus.intro" />
      <OrderConfirmation orderId={orderId} />
    </>
  );
}
