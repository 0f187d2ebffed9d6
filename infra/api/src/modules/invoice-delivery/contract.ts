// What the invoice-delivery owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { Db, Tx } from '../../db/client';

/**
 * Sending a business document over Peppol (owner: invoice-delivery, its configured access point,
 * decision 048): what the procurement orders need to answer an Order with an Order Response, and the
 * shipments to send a Despatch Advice (decision 070). The
 * document is named by `id` (a retry is asked about, never sent twice); throws when it was not taken.
 */
export interface PeppolSendPort {
  send(document: { id: string; senderId: string; receiverId: string; documentType: 'OrderResponse' | 'DespatchAdvice'; senderCountry: string; ubl: Buffer }): Promise<{ messageId: string }>;
}

/** Delivery of issued documents over Peppol and by mail (owner: invoice-delivery). */
export interface InvoiceDeliveryPort {
  /** Queues an issued document's delivery, in the issuing transaction (sent after the commit, retried from the outbox). */
  enqueue(tx: Tx, invoiceId: string): Promise<void>;
  /** The delivery status per invoice, for the invoice pages. */
  statuses(db: Db | Tx, invoiceIds: string[]): Promise<Map<string, { status: 'queued' | 'sent' | 'delivered' | 'failed'; lastError: string | null; problem?: 'no_recipient' }>>;
}
