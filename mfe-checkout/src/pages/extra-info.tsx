import { PageIntro } from '@portal/shared/ui';

/** Delivery and invoice addresses, shipping method and your order reference. */
export default function ExtraInfoPage() {
  return <PageIntro titleId="title.checkout_extra_info" introId="checkout.extraInfo.intro" />;
}
