import { PageIntro } from '@portal/shared/ui';

/** The confirmation and status of your order. */
export default function OrderStatusPage() {
  return <PageIntro titleId="title.order" introId="checkout.orderStatus.intro" />;
}
