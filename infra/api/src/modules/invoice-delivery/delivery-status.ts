// One delivery status per invoice for its pages, from its channels' rows: a failed channel makes the
// invoice's delivery failed (staff must act, and may retry); otherwise the Peppol channel's status
// speaks (the legal e-invoice), the mail's when the buyer has no Peppol id. An invoice with no row
// reached nobody: no Peppol participant id and no billing email when it was issued.
import type { InvoiceDeliveryProblem, InvoiceDeliveryStatus } from '@portal/shared/schemas';

export interface ChannelRow {
  channel: 'peppol' | 'email';
  status: InvoiceDeliveryStatus;
  lastError: string | null;
}

export const NOTHING_TO_DELIVER = 'No Peppol participant id and no billing email: the document was sent to nobody';

/** Staff read `problem` in their language (the invoice page's message); `lastError` stays for the logs and the API. */
export function summarize(rows: ChannelRow[]): { status: InvoiceDeliveryStatus; lastError: string | null; problem?: InvoiceDeliveryProblem } {
  if (!rows.length) return { status: 'failed', lastError: NOTHING_TO_DELIVER, problem: 'no_recipient' };
  const failed = rows.filter((r) => r.status === 'failed');
  if (failed.length) return { status: 'failed', lastError: failed.map((r) => `${r.channel}: ${r.lastError ?? 'failed'}`).join('; ') };
  const primary = rows.find((r) => r.channel === 'peppol') ?? rows[0]!;
  return { status: primary.status, lastError: primary.lastError };
}
