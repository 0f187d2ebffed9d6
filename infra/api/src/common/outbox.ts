// Writing to the outbox. Callers pass their transaction, so a message exists exactly when the
// event that caused it was committed (no mail for a rolled-back registration, no lost mail).
import type { MailLocale } from '@portal/shared/schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { outbox } from '../db/schema';

/** A message to deliver: a template rendered at delivery time in the recipient's language. */
export interface OutboxMessage {
  channel: 'email' | 'sms';
  recipient: string;
  template: string;
  locale: string;
  payload: Record<string, unknown>;
}

/**
 * A document attached to a mail, named in `payload.attachments` and fetched when the mail is
 * delivered (the outbox row stays small, and a document rendered after the commit is found).
 */
export type OutboxAttachmentRef =
  | { kind: 'order_form'; orderId: string }
  /** An issued invoice's or credit note's stored PDF or UBL, read through the invoices' documents port. */
  | { kind: 'invoice_pdf' | 'invoice_ubl'; invoiceId: string };

export async function enqueue(tx: Db | Tx, ...messages: OutboxMessage[]): Promise<void> {
  if (messages.length) await tx.insert(outbox).values(messages);
}

/** Enqueues one message and answers its id, for a caller that follows its delivery (an invoice's mail). */
export async function enqueueOne(tx: Db | Tx, message: OutboxMessage): Promise<number> {
  const [row] = await tx.insert(outbox).values(message).returning({ id: outbox.id });
  return row!.id;
}

/** Where messages stand (pending, sent, failed with its last error), by id. */
export async function messageStates(db: Db | Tx, ids: number[]): Promise<Map<number, { status: 'pending' | 'sent' | 'failed'; lastError: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: outbox.id, status: outbox.status, lastError: outbox.lastError }).from(outbox).where(inArray(outbox.id, ids));
  return new Map(rows.map((r) => [r.id, { status: r.status, lastError: r.lastError }]));
}

/** Puts a message parked as failed back in the queue, due now with its attempts counted afresh; false when it was not failed. */
export async function requeueFailed(tx: Db | Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(outbox)
    .set({ status: 'pending', attempts: 0, availableAt: sql`now()` })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/**
 * The mail language for a stored locale (`xx` and anything unknown: English). The one language rule
 * (decision 061): a mail is in its recipient's language, their account's `users.locale`, never the
 * language of the request that caused it nor of the person who acted (an administrator approving, a
 * case manager writing); only a recipient without an account (a new address, a visitor) is written
 * to in the language they chose. Every sender passes the recipient's locale here, and its links
 * carry the same `/{lang}/` prefix.
 */
export function mailLocale(locale: string): MailLocale {
  return locale === 'nl' || locale === 'fr' ? locale : 'en';
}
