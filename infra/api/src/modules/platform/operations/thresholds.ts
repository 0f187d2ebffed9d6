// When a figure of the staff's operations page asks for a person (decision 081): one place, the same
// limits as the alert rules (infra/cluster/prometheus/alerts.yml, decision 076), so the page and the
// pager do not disagree. The rules' `for:` durations have no equivalent here: the page shows now.
import type { OperationsStatus } from '@portal/shared/schemas';

export const OPERATIONS_THRESHOLDS = {
  /** The API's answers looked at for the error ratio: the alert's 5 minutes. */
  requestWindowSeconds: 300,
  /** PortalHighErrorRatio: more than 2 % answered 5xx… */
  errorRatio: 0.02,
  /** …with some traffic (0.2 calls/s over the window), so that one failed call at night is not a problem. */
  minRequests: 60,
  /** PortalQueueStuck: the oldest waiting item is older than 15 minutes. */
  queueOldestAgeSeconds: 900,
  /** PortalBackupTooOld: a daily backup plus two hours of slack. */
  backupMaxAgeSeconds: 26 * 3600,
} as const;

const attentionIf = (condition: boolean): OperationsStatus => (condition ? 'attention' : 'fine');

export const requestsStatus = (total: number, serverErrors: number) =>
  attentionIf(total >= OPERATIONS_THRESHOLDS.minRequests && serverErrors / total > OPERATIONS_THRESHOLDS.errorRatio);

/** An order refused by a server error in the last hour is a buyer who could not order. */
export const ordersStatus = (serverErrors: number) => attentionIf(serverErrors > 0);

/** PortalQueueStuck, and any item given up on (PortalEInvoiceDeliveryFailed for the e-invoices and Despatch Advices). */
export const queueStatus = (oldestAgeSeconds: number, failed: number) => attentionIf(oldestAgeSeconds > OPERATIONS_THRESHOLDS.queueOldestAgeSeconds || failed > 0);

export const failedDeliveriesStatus = (count: number) => attentionIf(count > 0);

/** A periodic job that failed in the last hour (the job retries; a person checks why). */
export const jobsStatus = (failures: number) => attentionIf(failures > 0);

/** `lastSuccess` null: no backup at all, as the alert's 0 (1970). */
export const backupStatus = (lastSuccess: Date | null, now: Date) =>
  attentionIf(!lastSuccess || (now.getTime() - lastSuccess.getTime()) / 1000 > OPERATIONS_THRESHOLDS.backupMaxAgeSeconds);
