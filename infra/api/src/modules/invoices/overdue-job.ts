// Marks open invoices past their due date overdue (decision 047: stored, so the list filters on an
// index and the buyer, the staff and the mails see one state). One conditional UPDATE per pass:
// several instances running it at once mark each invoice once, and an invoice paid meanwhile
// (status paid) is left alone.
import { createPeriodicJob, type PeriodicJob } from '../../common/jobs';
import { todayUtc } from '../../common/order-transitions';
import type { InvoicesRepository } from './invoices.repository';

export type InvoiceOverdueJob = PeriodicJob<number>;

export function createInvoiceOverdueJob(deps: {
  repo: Pick<InvoicesRepository, 'markOverdue'>;
  intervalMs: number;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  today?: () => string;
}): InvoiceOverdueJob {
  const today = deps.today ?? (() => todayUtc());
  return createPeriodicJob({
    name: 'invoice-overdue',
    intervalMs: deps.intervalMs,
    run: () => deps.repo.markOverdue(today()),
    log: deps.log,
    report: (marked) => {
      if (marked) deps.log.info({ marked }, 'invoices marked overdue');
    },
  });
}
