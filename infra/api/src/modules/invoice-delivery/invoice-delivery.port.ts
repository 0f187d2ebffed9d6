// InvoiceDeliveryPort (modules/invoice-delivery/contract.ts), the invoices module's way in: `enqueue` runs in the issuing
// transaction, so a delivery exists exactly when its invoice was committed; the job sends it after
// the commit. The channels are decided from the document's facts as the invoices module gives them
// (InvoiceDocumentsPort.forDelivery, in the same transaction): Peppol when the buyer has a
// participant id, mail whenever there is a billing email (both when both: the e-invoice is the legal
// one, the mail the readable copy).
import { enqueueInvoiceMail } from '../../common/invoice-mail';
import type { InvoiceDeliveryPort, PeppolDeliveryPort } from './contract';
import type { DeliverableInvoice, InvoiceDocumentsPort } from '../invoices/contract';
import type { Tx } from '../../db/client';
import { summarize } from './delivery-status';
import { channelsOf, deliveriesOf, insertDeliveries, type NewDelivery } from './invoice-delivery.repository';

/**
 * The channels a document goes by and to whom: the one rule. Peppol to the buyer's participant id;
 * mail to the billing e-mail the invoices module gives (the organisation's, as its contract page
 * shows it); both when both (the e-invoice is the legal one, the mail the readable copy).
 */
function channelsFor(doc: DeliverableInvoice): { peppol: string | null; email: string | null } {
  return { peppol: doc.receiverParticipantId || null, email: doc.billingEmail?.trim().toLowerCase() || null };
}

/** Rows for the channels `doc` has and the invoice has no row for yet (the mail written to the outbox with its row). */
export async function addMissingChannels(tx: Tx, doc: DeliverableInvoice): Promise<number> {
  const existing = await channelsOf(tx, doc.id);
  const rows: NewDelivery[] = [];
  const base = { documentId: doc.id, organisationId: doc.organisationId };
  const to = channelsFor(doc);
  if (to.peppol && !existing.has('peppol')) rows.push({ ...base, channel: 'peppol', recipient: to.peppol });
  if (to.email && !existing.has('email')) rows.push({ ...base, channel: 'email', recipient: to.email, outboxId: await enqueueInvoiceMail(tx, { ...doc, billingEmail: to.email }) });
  await insertDeliveries(tx, rows);
  return rows.length;
}

/**
 * The demo's history (decision 061): its invoices were issued weeks ago, so their delivery is done,
 * by the same channels and to the same recipients as a document issued today: delivered over Peppol,
 * the mail sent. Nothing is queued (no job sends old mails again), and no invoice reads as "sent to
 * nobody" while its organisation has a Peppol id and a billing e-mail.
 */
export function createDeliveredHistory(deps: { documents: InvoiceDocumentsPort }): Pick<InvoiceDeliveryPort, 'enqueue'> {
  return {
    async enqueue(tx, invoiceId) {
      const doc = await deps.documents.forDelivery(tx, invoiceId);
      if (!doc) throw new Error(`No issued document ${invoiceId} to deliver`);
      const to = channelsFor(doc);
      const base = { documentId: doc.id, organisationId: doc.organisationId };
      await insertDeliveries(tx, [
        ...(to.peppol ? [{ ...base, channel: 'peppol' as const, recipient: to.peppol, status: 'delivered' as const }] : []),
        ...(to.email ? [{ ...base, channel: 'email' as const, recipient: to.email, status: 'sent' as const }] : []),
      ]);
    },
  };
}

export function createInvoiceDeliveryPort(deps: { documents: InvoiceDocumentsPort }): InvoiceDeliveryPort {
  return {
    async enqueue(tx, invoiceId) {
      const doc = await deps.documents.forDelivery(tx, invoiceId);
      // The issuing transaction has just written it: not finding it is a bug, and must roll the issue back.
      if (!doc) throw new Error(`No issued document ${invoiceId} to deliver`);
      await addMissingChannels(tx, doc);
    },
    async statuses(db, invoiceIds) {
      const rows = await deliveriesOf(db, invoiceIds);
      const byInvoice = new Map<string, typeof rows>();
      for (const row of rows) byInvoice.set(row.documentId, [...(byInvoice.get(row.documentId) ?? []), row]);
      return new Map(invoiceIds.map((id) => [id, summarize(byInvoice.get(id) ?? [])]));
    },
  };
}

/**
 * PeppolDeliveryPort (decision 083): a shipment's Despatch Advice joins the invoices' delivery, one
 * Peppol row written in the shipment's transaction; the job sends it, follows it until delivered,
 * retries and gives up on it exactly as it does an e-invoice.
 */
export const peppolDeliveryPort: PeppolDeliveryPort = {
  async enqueue(tx, delivery) {
    await insertDeliveries(tx, [{ documentKind: delivery.kind, documentId: delivery.documentId, organisationId: delivery.organisationId, channel: 'peppol', recipient: delivery.recipient }]);
  },
};
