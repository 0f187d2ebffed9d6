import { PageIntro } from '@portal/shared/ui';
import { CheckoutSteps } from '../components/checkout-steps';
import { CartView } from '../features/cart/components/cart-view';

/** Review the products in your cart before you order. */
export default function OverviewPage() {
  return (
    <>
      <CheckoutSteps current="overview" />
      <PageIntro titleId="title.checkout_overview" introId="checkout.overview.intro" />
      <CartView />
    </>
  );
}
