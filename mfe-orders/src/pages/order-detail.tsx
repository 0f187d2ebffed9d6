import { useParams } from '@portal/shared/router';
import { PageIntro } from '@portal/shared/ui';
import { OrderInvoices } from '../features/invoices/components/order-invoices';
import { OrdersWorkspace } from '../features/my-orders/components/orders-workspace';

/** An order's invoices and credit notes, in its detail (issue 30). */
const invoicesOf = (orderId: string) => <OrderInvoices orderId={orderId} />;

/** One order beside the list (the list stays as it was filtered); on a narrow screen the order alone. */
export default function OrderDetailPage() {
  const { slug = '' } = useParams();
  return (
    <>
      <PageIntro titleId="title.order" introId="orders.orderDetail.intro" />
      <OrdersWorkspace openNumber={slug} invoices={invoicesOf} />
    </>
  );
}
