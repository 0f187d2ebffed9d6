// The refund job (decision 036): every interval it asks the provider to refund what the portal owes
// (payment_refunds rows in `requested`). The row was committed with the news that made it owed, so
// a crash between that commit and the provider's answer loses nothing: the claim's lease runs out
// and the next pass tries again. Every attempt at one refund sends the same Idempotency-Key (the
// row's id), so a retry after an answer that never arrived is a replay at the provider, not a
// second refund; and before each attempt the provider is asked which refund it already holds, so a
// retry after its idempotency window (Mollie's is about an hour) finds the refund instead of
// making another or failing. Errors back off (1 min doubling to 1 h); after MAX_ATTEMPTS the row
// is parked as `failed` with its last error, for the back office.
import { createPeriodicJob, type PeriodicJob } from '../../common/jobs';
import { paymentLocale, refundDescription, type PaymentProvider } from '../../common/payments';
import type { RefundsRepository } from './refunds.repository';

type Log = { error(obj: object, msg?: string): void; info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };

/** How long a claim holds: longer than one provider call takes, short enough to retry soon after a crash. */
const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 20;
/**
 * How long one provider call may take. Two calls per attempt stay well inside the lease, so no
 * other pass claims a refund while a slow answer to this one is still on its way. The Mollie
 * client has no timeout of its own; a call cut off here may still be taken, which the next
 * attempt's `refundOf` finds.
 */
const CALL_DEADLINE_MS = 30_000;

function withinDeadline<T>(call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the payment provider within ${CALL_DEADLINE_MS / 1000} s`)), CALL_DEADLINE_MS);
  });
  return Promise.race([call, deadline]).finally(() => clearTimeout(timer));
}
const backoffSeconds = (attempts: number) => Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));

export function createRefunder(deps: { repo: RefundsRepository; provider: PaymentProvider; log: Log }) {
  const { repo, provider, log } = deps;
  /** One pass: the number of refunds the provider accepted. */
  return async function refundDue(limit = 20): Promise<number> {
    let done = 0;
    for (const due of await repo.claimDue(provider.name, LEASE_SECONDS, limit)) {
      try {
        // Asked first: an earlier attempt whose answer was lost may have been taken, and after the
        // provider's idempotency window the same key would refund twice.
        const held = await withinDeadline(provider.refundOf(due.provider_payment_id));
        const { refundId } =
          held ??
          (await withinDeadline(
            provider.refund({
              paymentId: due.provider_payment_id,
              amountCents: due.amount_cents,
              currency: due.currency,
              description: refundDescription(paymentLocale(due.locale), due.order_number),
              idempotencyKey: due.id,
            }),
          ));
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
