import { PageIntro } from '@portal/shared/ui';

/** Search your organisation's orders, order again and confirm delivery. */
export default function MyOrdersPage() {
  return <PageIntro titleId="title.my_orders" introId="orders.myOrders.intro" />;
}
