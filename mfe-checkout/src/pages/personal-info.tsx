import { PageIntro } from '@portal/shared/ui';

/** Who places this order, and the authorisation declaration. */
export default function PersonalInfoPage() {
  return <PageIntro titleId="title.checkout_personal_info" introId="checkout.personalInfo.intro" />;
}
