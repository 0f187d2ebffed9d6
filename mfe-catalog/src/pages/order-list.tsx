import { useParams } from '@portal/shared/router';
import { PageIntro } from '@portal/shared/ui';
import { OrderListView } from '../features/order-lists/components/order-list-view';

/** One order list: its lines, flagged where they cannot be ordered as they are, and ordering it. */
export default function OrderListPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PageIntro titleId="title.order_list" />
      <OrderListView id={id} />
    </>
  );
}
