import { PageIntro } from '@portal/shared/ui';

/** Your quotation requests. A quotation can be edited until it is sent. */
export default function QuotationsPage() {
  return <PageIntro titleId="title.quotations" introId="orders.quotations.intro" />;
}
