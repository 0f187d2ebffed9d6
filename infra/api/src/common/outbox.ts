// Writing to the outbox. Callers pass their transaction, so a message exists exactly when the
// event that caused it was committed (no mail for a rolled-back registration, no lost mail).
import type { MailLocale } from '@portal/shared/schemas';
import type { Db, Tx } from '../db/client';
import { outbox } from '../db/schema/index';

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
export interface OutboxAttachmentRef {
  kind: 'order_form';
  orderId: string;
}

export async function enqueue(tx: Db | Tx, ...messages: OutboxMessage[]): Promise<void> {
  if (messages.length) await tx.insert(outbox).values(messages);
}

/** The mail language for a stored locale (`xx` and anything unknown: English). */
export function mailLocale(locale: string): MailLocale {
  return locale === 'nl' || locale === 'fr' ? locale : 'en';
}
