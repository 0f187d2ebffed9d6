// InvoiceDeliveryPort (common/ports.ts), the invoices module's way in: `enqueue` runs in the issuing
// transaction, so a delivery exists exactly when its invoice was committed; the job sends it after
// the commit. The channels are decided from the document's facts as the invoices module gives them
// (InvoiceDocumentsPort.forDelivery, in the same transaction): Peppol when the buyer has a
// participant id, mail whenever there is a billing email (both when both: the e-invoice is the legal
// one, the mail the readable copy).
import { enqueueInvoiceMail } from '../../common/invoice-mail';
import type { DeliverableInvoice, InvoiceDeliveryPort, InvoiceDocumentsPort } from '../../common/ports';
import type { Tx } from '../../db/client';
import { summarize } from './delivery-status';
import { channelsOf, deliveriesOf, insertDeliveries, type NewDelivery } from './invoice-delivery.repository';

/** Rows for the channels `doc` has and the invoice has no row for yet (the mail written to the outbox with its row). */
export async function addMissingChannels(tx: Tx, doc: DeliverableInvoice): Promise<number> {
  const existing = await channelsOf(tx, doc.id);
  const rows: NewDelivery[] = [];
  const base = { invoiceId: doc.id, organisationId: doc.organisationId };
  if (doc.receiverParticipantId && !existing.has('peppol')) rows.push({ ...base, channel: 'peppol', recipient: doc.receiverParticipantId });
  const email = doc.billingEmail?.trim();
  if (email && !existing.has('email')) rows.push({ ...base, channel: 'email', recipient: email.toLowerCase(), outboxId: await enqueueInvoiceMail(tx, { ...doc, billingEmail: email }) });
  await insertDeliveries(tx, rows);
  return rows.length;
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
      for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row]);
      return new Map(invoiceIds.map((id) => [id, summarize(byInvoice.get(id) ?? [])]));
    },
  };
}
