import { FormattedMessage } from 'react-intl';
import { useAudience } from '@portal/shared/session';
import { Notice, PageIntro } from '@portal/shared/ui';
import { OrderListsIndex } from '../features/order-lists/components/order-lists-index';

/** Your order lists and the ones shared with your organisation (decision 056). */
export default function OrderListsPage() {
  const audience = useAudience();
  // Lists belong to an organisation: a web-shop customer is told so instead of being refused.
  if (audience === 'webshop') {
    return (
      <>
        <PageIntro titleId="title.order_lists" />
        <Notice tone="blue" role="status">
          <FormattedMessage id="catalog.lists.webshop" />
        </Notice>
      </>
    );
  }
  return (
    <>
      <PageIntro titleId="title.order_lists" introId="catalog.lists.intro" />
      <OrderListsIndex />
    </>
  );
}
