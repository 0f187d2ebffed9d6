import { useParams } from '@portal/shared/router';
import { PageIntro } from '@portal/shared/ui';
import { OrdersWorkspace } from '../features/my-orders/components/orders-workspace';

/** One order beside the list (the list stays as it was filtered); on a narrow screen the order alone. */
export default function OrderDetailPage() {
  const { slug = '' } = useParams();
  return (
    <>
      <PageIntro titleId="title.order" introId="orders.orderDetail.intro" />
      <OrdersWorkspace openNumber={slug} />
    </>
  );
}
