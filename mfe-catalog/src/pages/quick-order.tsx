import { PageIntro } from '@portal/shared/ui';
import { QuickOrderForm } from '../features/quick-order/components/quick-order-form';

/** Paste or upload article codes or NSNs with quantities and add them to your cart in one go. */
export default function QuickOrderPage() {
  return (
    <>
      <PageIntro titleId="title.quick_order" introId="catalog.quickOrder.intro" />
      <QuickOrderForm />
    </>
  );
}
