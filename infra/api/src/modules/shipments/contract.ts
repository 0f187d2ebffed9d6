// What the shipments owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { OrderShipment } from '@portal/shared/schemas';
import type { Db, Tx } from '../../db/client';

/** An order's shipments as its readers show them (owner: shipments, modules/shipments/shipments.read.ts). */
export interface ShipmentsReadPort {
  /** The order's shipments, oldest first, with their lines in report order, named from the order's `lines`. */
  forOrder(db: Db | Tx, orderId: string, lines: readonly { id: string; article_code: string; description: string }[]): Promise<OrderShipment[]>;
}

/** A shipment's Despatch Advice as its delivery reads it (owner: shipments, decision 083). */
export interface DeliverableDespatchAdvice {
  id: string;
  /** The seller's Peppol participant id (`scheme:id`) the document names. */
  senderParticipantId: string;
  /** The UBL 2.1 DespatchAdvice as rendered in the shipment's transaction. */
  ubl: Buffer;
}

/** What the staff's page of failed deliveries names a Despatch Advice by. */
export interface DespatchAdviceReference {
  shipmentReference: string;
  orderId: string;
  orderNumber: string;
}

/** The stored Despatch Advices (owner: shipments), read by the one delivery mechanism (invoice-delivery). */
export interface DespatchDocumentsPort {
  forDelivery(db: Db | Tx, despatchAdviceId: string): Promise<DeliverableDespatchAdvice | null>;
  references(db: Db | Tx, despatchAdviceIds: string[]): Promise<Map<string, DespatchAdviceReference>>;
}
