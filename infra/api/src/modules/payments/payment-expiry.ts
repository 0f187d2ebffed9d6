// The expiry job: every interval, orders whose payment time is up move to payment_expired (their
// stock and discount-code use released). Several API instances may run it at once: the query
// takes the due orders `for update skip locked`, so each order is moved by one of them only.
import type { PaymentsService } from './payments.service';

type Log = { error(obj: object, msg?: string): void; info(obj: object, msg?: string): void };

export function createPaymentExpiryJob(deps: { service: Pick<PaymentsService, 'expireDue'>; intervalMs: number; log: Log }) {
  const { service, intervalMs, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  /** One pass unless one is running in this process already (then that one). */
  function runOnce(): Promise<number> {
    running ??= service.expireDue().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      runOnce()
        .then((moved) => moved && log.info({ moved }, 'expired unpaid orders'))
        .catch((err: unknown) => log.error({ err }, 'payment expiry failed'))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
export type PaymentExpiryJob = ReturnType<typeof createPaymentExpiryJob>;
