import { PageIntro } from '@portal/shared/ui';
import { CheckoutSteps } from '../components/checkout-steps';
import { PunchoutGate } from '../components/punchout-notice';
import { ExtraInfoStep } from '../features/extra-info/components/extra-info-step';

/** Delivery and invoice addresses, shipping method and your order reference. */
export default function ExtraInfoPage() {
  return (
    <>
      <CheckoutSteps current="extra-info" />
      <PageIntro titleId="title.checkout_extra_info" introId="checkout.extraInfo.intro" />
      {/* A punchout's cart is ordered by the procurement system (decision 052): no form for it. */}
      <PunchoutGate>
        <ExtraInfoStep />
      </PunchoutGate>
    </>
  );
}
