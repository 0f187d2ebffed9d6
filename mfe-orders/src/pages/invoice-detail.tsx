import { FormattedMessage } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link, useLocation, useParams } from '@portal/shared/router';
import { useAudience } from '@portal/shared/session';
import { PageIntro, Stack } from '@portal/shared/ui';
import { InvoiceDetailPane } from '../features/invoices/components/invoice-detail-view';

/** One invoice or credit note, with the way back to the list as it was filtered. */
export default function InvoiceDetailPage() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const locale = useLocale();
  const audience = useAudience();
  return (
    <>
      <PageIntro titleId="title.invoice" introId="invoices.invoiceDetail.intro" />
      <Stack gap="md">
        <Link to={`/${locale}/invoices${search}`}><FormattedMessage id="invoices.detail.back" /></Link>
        <InvoiceDetailPane id={id} staff={audience === 'staff'} />
      </Stack>
    </>
  );
}
