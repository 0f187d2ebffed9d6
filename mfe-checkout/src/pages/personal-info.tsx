import { PageIntro } from '@portal/shared/ui';
import { CheckoutSteps } from '../components/checkout-steps';
import { PersonalInfoStep } from '../features/personal-info/components/personal-info-step';

/** Who places this order, and the authorisation declaration. */
export default function PersonalInfoPage() {
  return (
    <>
      <CheckoutSteps current="personal-info" />
      <PageIntro titleId="title.checkout_personal_info" introId="checkout.personalInfo.intro" />
      <PersonalInfoStep />
    </>
  );
}
