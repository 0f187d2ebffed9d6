import { PageIntro } from '@portal/shared/ui';

/** Order details, delivery and invoice information, and messages from your case manager. */
export default function OrderDetailPage() {
  return <PageIntro titleId="title.order" introId="orders.orderDetail.intro" />;
}
