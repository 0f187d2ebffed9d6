// What the invoices owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { Db, Tx } from '../../db/client';

/** A quantity shipped (or returned) of one order line. */
export interface ShippedLine {
  orderLineId: string;
  quantity: number;
}

/** The units a shipment shipped of one order line under one lot (decision 070): what the invoice line states as item attributes. */
export interface ShippedLot {
  orderLineId: string;
  quantity: number;
  lot: string | null;
  expiryOn: string | null;
  serialNumbers: string[];
}

/**
 * Invoicing (owner: invoices, modules/invoices). Called inside the caller's transaction, so an
 * invoice exists exactly when the shipment or payment that caused it was committed, and its number
 * is taken from the year's gapless series in that same transaction.
 */
export interface InvoicingPort {
  /**
   * Invoices what a shipment shipped: its lines, capped at what is not yet invoiced (a partial
   * shipment invoices its part). Idempotent per `shipmentId`; `shipmentId` null: the rest of the order
   * (staff moved the whole order to in shipping). Returns the invoice's id, or null when nothing was
   * left to invoice (or the order was already invoiced as paid at placement).
   */
  invoiceShipment(tx: Tx, shipment: { orderId: string; shipmentId: string | null; shippedOn: string; lines: ShippedLine[] | 'rest'; lots?: ShippedLot[] }): Promise<string | null>;
  /** A web-shop order paid online: the whole order invoiced as paid, when the payment is confirmed. Idempotent per order. */
  invoicePaidOrder(tx: Tx, orderId: string, paidOn: string): Promise<string | null>;
  /** A credit note for cancelled or returned quantities of an order's invoiced lines, referencing their invoice. */
  creditLines(tx: Tx, credit: { orderId: string; reason: string; lines: ShippedLine[] }): Promise<string[]>;
}

/** An issued document as its delivery reads it (owner: invoices). */
export interface DeliverableInvoice {
  id: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  language: 'en' | 'nl' | 'fr';
  /** The buyer organisation (null: a web-shop buyer): who may see and retry its delivery. */
  organisationId: string | null;
  /** What the mail names: the total including VAT (BT-112; a credit note's: the amount credited), what is left to pay (BT-115), the currency, the due date (YYYY-MM-DD; null when none). */
  totalCents: number;
  payableCents: number;
  currency: string;
  dueDate: string | null;
  /** Peppol participant ids (`scheme:id`); the buyer's null when it has none (mail only). */
  senderParticipantId: string;
  receiverParticipantId: string | null;
  billingEmail: string | null;
  pdf: Buffer;
  ubl: Buffer;
}

/** The stored documents (owner: invoices), read by their delivery. */
export interface InvoiceDocumentsPort {
  forDelivery(db: Db | Tx, invoiceId: string): Promise<DeliverableInvoice | null>;
  /** The documents' numbers, by id (the staff's page of failed deliveries names them; decision 083). */
  numbers(db: Db | Tx, invoiceIds: string[]): Promise<Map<string, string>>;
}

/** The seller's own facts an invoice states (the environment's SELLER_*, env-seller.ts). */
export type { SellerFacts } from './invoice-input';
