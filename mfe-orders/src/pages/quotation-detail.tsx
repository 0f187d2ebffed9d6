import { useParams } from '@portal/shared/router';
import { PageIntro } from '@portal/shared/ui';
import { useIsStaff } from '../hooks/use-is-staff';
import { QuotationDetail } from '../features/quotations/components/quotation-detail';

/** One quotation: edit and send a draft, see it locked once sent, accept an answer (staff: answer). */
export default function QuotationDetailPage() {
  const { id = '' } = useParams();
  const isStaff = useIsStaff();
  return (
    <>
      <PageIntro titleId="title.quotation" introId="orders.quotationDetail.intro" />
      <QuotationDetail id={id} isStaff={isStaff} />
    </>
  );
}
