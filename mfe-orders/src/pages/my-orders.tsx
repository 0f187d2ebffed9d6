import { PageIntro } from '@portal/shared/ui';
import { OrdersWorkspace } from '../features/my-orders/components/orders-workspace';

/** Search your organisation's orders, order again and confirm delivery (staff: assigned organisations'). */
export default function MyOrdersPage() {
  return (
    <>
      <PageIntro titleId="title.my_orders" introId="orders.myOrders.intro" />
      <OrdersWorkspace />
    </>
  );
}
