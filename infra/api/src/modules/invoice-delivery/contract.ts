// What the invoice-delivery owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { Db, Tx } from '../../db/client';

/**
 * Sending a business document over Peppol (owner: invoice-delivery, its configured access point,
 * decision 048): what the procurement orders need to answer an Order with an Order Response, at once
 * and in the request. The document is named by `id` (a retry is asked about, never sent twice);
 * throws when it was not taken. Documents that must be followed until delivered (a shipment's
 * Despatch Advice) go through `PeppolDeliveryPort` instead (decision 083).
 */
export interface PeppolSendPort {
  send(document: { id: string; senderId: string; receiverId: string; documentType: 'OrderResponse'; senderCountry: string; ubl: Buffer }): Promise<{ messageId: string }>;
}

/**
 * Another owner's document queued for the one delivery mechanism (decision 083): written in that
 * owner's transaction, then sent by the delivery job, followed until the access point says delivered,
 * retried, given up on, and shown to staff beside the failed e-invoices. The job reads the document
 * through the owner's port (shipments' DespatchDocumentsPort). Idempotent per document.
 */
export interface PeppolDeliveryPort {
  enqueue(tx: Tx, delivery: { kind: 'despatch_advice'; documentId: string; organisationId: string | null; recipient: string }): Promise<void>;
}

/** Delivery of issued documents over Peppol and by mail (owner: invoice-delivery). */
export interface InvoiceDeliveryPort {
  /** Queues an issued document's delivery, in the issuing transaction (sent after the commit, retried from the outbox). */
  enqueue(tx: Tx, invoiceId: string): Promise<void>;
  /** The delivery status per invoice, for the invoice pages. */
  statuses(db: Db | Tx, invoiceIds: string[]): Promise<Map<string, { status: 'queued' | 'sent' | 'delivered' | 'failed'; lastError: string | null; problem?: 'no_recipient' }>>;
}
