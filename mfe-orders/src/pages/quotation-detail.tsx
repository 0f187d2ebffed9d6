import { PageIntro } from '@portal/shared/ui';

/** The products and quantities of this quotation request. */
export default function QuotationDetailPage() {
  return <PageIntro titleId="title.quotation" introId="orders.quotationDetail.intro" />;
}
