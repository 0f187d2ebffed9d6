import { PageIntro } from '@portal/shared/ui';

/** Review the products in your cart before you order. */
export default function OverviewPage() {
  return <PageIntro titleId="title.checkout_overview" introId="checkout.overview.intro" />;
}
