// The outbox message that carries an issued document to the billing address (decision 048), beside
// order-confirmation.ts: the template (modules/content/mail/invoice-templates.ts) renders it in the
// organisation's language when it is delivered, and the PDF and the UBL are fetched then through the
// invoices' documents port (the attachment kinds of outbox.ts), so the outbox row stays small.
import type { Tx } from '../db/client';
import { enqueueOne, mailLocale, type OutboxAttachmentRef } from './outbox';
import type { DeliverableInvoice } from '../modules/invoices/contract';

export const INVOICE_MAIL_TEMPLATE = 'invoice.issued';

/** The invoice's page (mfe-orders, the `invoices` mount: /invoices/:id). */
export const invoicesPagePath = (lang: string, invoiceId: string) => `/${lang}/invoices/${invoiceId}`;

export function enqueueInvoiceMail(tx: Tx, doc: DeliverableInvoice & { billingEmail: string }): Promise<number> {
  const lang = mailLocale(doc.language);
  const attachments: OutboxAttachmentRef[] = [
    { kind: 'invoice_pdf', invoiceId: doc.id },
    { kind: 'invoice_ubl', invoiceId: doc.id },
  ];
  return enqueueOne(tx, {
    channel: 'email',
    recipient: doc.billingEmail.trim().toLowerCase(),
    template: INVOICE_MAIL_TEMPLATE,
    locale: lang,
    payload: {
      invoiceId: doc.id,
      kind: doc.kind,
      number: doc.number,
      totalCents: doc.totalCents,
      payableCents: doc.payableCents,
      currency: doc.currency,
      dueDate: doc.dueDate,
      path: invoicesPagePath(lang, doc.id),
      attachments,
    },
  });
}

/** The file names the buyer sees: `invoice-2026-000042.pdf`, `credit-note-2026-000043.xml`. */
export function attachmentName(doc: Pick<DeliverableInvoice, 'kind' | 'number'>, extension: 'pdf' | 'xml'): string {
  const base = doc.kind === 'credit_note' ? 'credit-note' : 'invoice';
  return `${base}-${doc.number.replace(/[^A-Za-z0-9._-]/g, '_')}.${extension}`;
}
