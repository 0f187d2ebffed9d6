import { PageIntro } from '@portal/shared/ui';
import { CheckoutSteps } from '../components/checkout-steps';
import { PunchoutGate } from '../components/punchout-notice';
import { PersonalInfoStep } from '../features/personal-info/components/personal-info-step';

/** Who places this order, and the authorisation declaration. */
export default function PersonalInfoPage() {
  return (
    <>
      <CheckoutSteps current="personal-info" />
      <PageIntro titleId="title.checkout_personal_info" introId="checkout.personalInfo.intro" />
      {/* A punchout's cart is ordered by the procurement system (decision 052): no form for it. */}
      <PunchoutGate>
        <PersonalInfoStep />
      </PunchoutGate>
    </>
  );
}
