import { PageIntro } from '@portal/shared/ui';
import { useIsStaff } from '../hooks/use-is-staff';
import { QuotationList } from '../features/quotations/components/quotation-list';

/** Your quotation requests (staff: the assigned organisations' to answer). */
export default function QuotationsPage() {
  const isStaff = useIsStaff();
  return (
    <>
      <PageIntro titleId="title.quotations" introId="orders.quotations.intro" />
      <QuotationList canCreate={!isStaff} />
    </>
  );
}
