import { FormattedMessage } from 'react-intl';
import { useAudience } from '@portal/shared/session';
import { Notice, PageIntro } from '@portal/shared/ui';
import { QuotationList } from '../features/quotations/components/quotation-list';

/** Your quotation requests (staff: the assigned organisations' to answer). */
export default function QuotationsPage() {
  const audience = useAudience();
  // Quotations belong to an organisation: a web-shop customer is told so, and is not refused by the API.
  if (audience === 'webshop') {
    return (
      <>
        <PageIntro titleId="title.quotations" />
        <Notice tone="blue" role="status">
          <FormattedMessage id="orders.quotations.webshop" />
        </Notice>
      </>
    );
  }
  return (
    <>
      <PageIntro titleId="title.quotations" introId="orders.quotations.intro" />
      <QuotationList canCreate={audience !== 'staff'} />
    </>
  );
}
