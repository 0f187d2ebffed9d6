import { useAudience } from '@portal/shared/session';
import { PageIntro } from '@portal/shared/ui';
import { InvoicesWorkspace } from '../features/invoices/components/invoices-workspace';

/** What the page says it is for, by who opens it: the reader's own invoices, or the assigned organisations'. */
const INTRO = { contract: 'invoices.intro', webshop: 'invoices.intro', staff: 'invoices.intro.staff', visitor: 'invoices.intro' } as const;

/** Invoices and credit notes (issue 30): status, due dates, amounts, the order, the PDF and the e-invoice. */
export default function InvoicesPage() {
  const audience = useAudience();
  return (
    <>
      <PageIntro titleId="title.invoices" introId={INTRO[audience]} />
      <InvoicesWorkspace staff={audience === 'staff'} />
    </>
  );
}
