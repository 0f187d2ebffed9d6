// The refund job (decision 036): every interval it asks the provider to refund what the portal owes
// (payment_refunds rows in `requested`). The row was committed with the news that made it owed, so
// a crash between that commit and the provider's answer loses nothing: the claim's lease runs out
// and the next pass tries again. Every attempt at one refund sends the same Idempotency-Key (the
// row's id), so a retry after an answer that never arrived is a replay at the provider, not a
// second refund. Errors back off (1 min doubling to 1 h); after MAX_ATTEMPTS the row is parked as
// `failed` with its last error, for the back office.
import { createPeriodicJob, type PeriodicJob } from '../../common/jobs';
import type { PaymentProvider } from '../../common/payments/index';
import type { RefundsRepository } from './refunds.repository';

type Log = { error(obj: object, msg?: string): void; info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };

/** How long a claim holds: longer than one provider call takes, short enough to retry soon after a crash. */
const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 20;
const backoffSeconds = (attempts: number) => Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));

export function createRefunder(deps: { repo: RefundsRepository; provider: PaymentProvider; log: Log }) {
  const { repo, provider, log } = deps;
  /** One pass: the number of refunds the provider accepted. */
  return async function refundDue(limit = 20): Promise<number> {
    let done = 0;
    for (const due of await repo.claimDue(provider.name, LEASE_SECONDS, limit)) {
      try {
        const { refundId } = await provider.refund({
          paymentId: due.provider_payment_id,
          amountCents: due.amount_cents,
          currency: due.currency,
          description: `Refund of order ${due.order_number}`,
          idempotencyKey: due.id,
        });
        await repo.refunded(due.id, refundId);
        done++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retry = due.attempts >= MAX_ATTEMPTS ? null : backoffSeconds(due.attempts);
        log.warn({ refund: due.id, attempts: due.attempts, err: message }, retry === null ? 'refund parked as failed' : 'refund attempt failed');
        await repo.attemptFailed(due.id, message.slice(0, 500), retry);
      }
    }
    return done;
  };
}

export function createRefundJob(deps: { refundDue: () => Promise<number>; intervalMs: number; log: Log }): PeriodicJob<number> {
  return createPeriodicJob({
    name: 'payment refunds',
    intervalMs: deps.intervalMs,
    log: deps.log,
    run: () => deps.refundDue(),
    report: (refunded) => refunded && deps.log.info({ refunded }, 'refunds accepted by the payment provider'),
  });
}
export type RefundJob = PeriodicJob<number>;
