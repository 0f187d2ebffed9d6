// Sends failed Peppol Order Responses again (decision 053, amendment of 2026-11-27), a periodic job
// in every API instance (common/jobs.ts) claiming its rows as the invoice delivery job does: one
// statement takes the due rows for a lease and counts the attempt (for update skip locked), so two
// instances never send the same response, and the count fences the mark that follows.
// The stored XML is sent as it is under the row's id: the buyer gets the same document (the same
// IssueDate and ID) however many tries it took, and an access point that did take an earlier try
// recognises the message id instead of delivering it twice.
// The pace: 1 min, 5 min, 30 min, 2 h, then every 6 h, until the maximum number of attempts (the
// first send included); then, or at once when the access point refuses the document for good, the
// row stays failed with its last error for staff (the Integration page lists it).
import type { PeppolSendPort } from '../../invoice-delivery/contract';
import { createPeriodicJob, type PeriodicJob } from '../../../common/jobs';
import type { ClaimedResponse, ProcurementOrdersRepository } from './procurement-orders.repository';

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

/** Seconds to wait after the 1st, 2nd, 3rd, 4th failed attempt; the last one after every later failure. */
export const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 21_600] as const;
/** How long a claimed row is reserved for the instance sending it (longer than an access point's timeout). */
export const CLAIM_LEASE_SECONDS = 300;
const BATCH = 20;

/** Seconds before the next attempt after `attempts` failed ones. */
export function retryDelaySeconds(attempts: number): number {
  return RETRY_DELAYS_SECONDS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_SECONDS.length) - 1]!;
}

/**
 * When a response that failed after `attempts` attempts is tried again; null: never (the maximum is
 * reached, or the access point said sending the same again cannot work: its errors' `permanent`).
 */
export function nextRetrySeconds(attempts: number, maxAttempts: number, err: unknown): number | null {
  const permanent = typeof err === 'object' && err !== null && (err as { permanent?: unknown }).permanent === true;
  return permanent || attempts >= maxAttempts ? null : retryDelaySeconds(attempts);
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

export interface RetryPass {
  sent: number;
  retried: number;
  failed: number;
}

export type OrderResponseRetryJob = PeriodicJob<RetryPass>;

export function createOrderResponseRetryJob(deps: {
  repo: Pick<ProcurementOrdersRepository, 'claimRetries' | 'markResponseSent' | 'markResponseFailed'>;
  /** null: no access point; nothing failed to send, nothing to do. */
  accessPoint: PeppolSendPort | null;
  seller: { peppolParticipantId: string; country: string };
  config: { intervalMs: number; maxAttempts: number; leaseSeconds?: number };
  log: Log;
}): OrderResponseRetryJob {
  const { repo, accessPoint, seller, config, log } = deps;

  async function resend(ap: PeppolSendPort, row: ClaimedResponse, pass: RetryPass) {
    try {
      await ap.send({
        id: row.id,
        senderId: seller.peppolParticipantId,
        // Rows from before the receiver was kept: the sender as recorded (participant ids compare case-insensitively).
        receiverId: row.response_receiver ?? row.sender,
        documentType: 'OrderResponse',
        senderCountry: seller.country,
        ubl: Buffer.from(row.response_xml ?? ''),
      });
      await repo.markResponseSent(row);
      log.info({ procurementOrderId: row.id, attempts: row.response_attempts }, 'Order Response sent on retry');
      pass.sent++;
    } catch (err) {
      const error = errorText(err);
      const retryIn = nextRetrySeconds(row.response_attempts, config.maxAttempts, err);
      await repo.markResponseFailed(row, error, retryIn);
      if (retryIn === null) {
        log.error({ procurementOrderId: row.id, attempts: row.response_attempts, error }, 'Order Response failed for good');
        pass.failed++;
      } else {
        log.warn({ procurementOrderId: row.id, attempts: row.response_attempts, retryInSeconds: retryIn, error }, 'Order Response failed, will retry');
        pass.retried++;
      }
    }
  }

  async function run(): Promise<RetryPass> {
    const pass: RetryPass = { sent: 0, retried: 0, failed: 0 };
    if (!accessPoint) return pass;
    for (;;) {
      const batch = await repo.claimRetries(BATCH, config.leaseSeconds ?? CLAIM_LEASE_SECONDS);
      for (const row of batch) await resend(accessPoint, row, pass);
      if (batch.length < BATCH) return pass;
    }
  }

  return createPeriodicJob({
    name: 'order response retry',
    intervalMs: config.intervalMs,
    run,
    log,
    report: (pass) => {
      if (pass.sent || pass.failed) log.info({ ...pass }, 'Order Response retries');
    },
  });
}
