// The expiry job: every interval, orders whose payment time is up move to payment_expired (their
// stock and discount-code use released). Several API instances may run it at once: the query
// takes the due orders `for update skip locked`, so each order is moved by one of them only, and a
// pass that dies rolls back (the next pass, here or in another instance, takes the orders again).
import { createPeriodicJob, type PeriodicJob } from '../../common/jobs';
import type { PaymentsService } from './payments.service';

type Log = { error(obj: object, msg?: string): void; info(obj: object, msg?: string): void };

export function createPaymentExpiryJob(deps: { service: Pick<PaymentsService, 'expireDue'>; intervalMs: number; log: Log }): PeriodicJob<number> {
  const { service, intervalMs, log } = deps;
  return createPeriodicJob({
    name: 'payment expiry',
    intervalMs,
    log,
    run: () => service.expireDue(),
    report: (moved) => moved && log.info({ moved }, 'expired unpaid orders'),
  });
}
export type PaymentExpiryJob = PeriodicJob<number>;
