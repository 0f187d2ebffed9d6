// A shipment's Despatch Advice (decision 070): rendered in the shipment's transaction for a buyer
// organisation with a Peppol participant id and stored with its receiver, and queued in the same
// transaction for the one delivery mechanism the e-invoices use (decision 083, invoice-delivery's
// PeppolDeliveryPort): its job sends it through the access point, follows it until delivered, retries
// it and gives up on it; staff see and retry it beside the failed e-invoices.
import type { Tx } from '../../../db/client';
import type { PeppolDeliveryPort } from '../../invoice-delivery/contract';
import { despatchAdvices } from '../tables';
import { renderDespatchAdvice, type DespatchAddress } from './despatch-advice';
import { despatchAddress, shipmentDocumentFacts } from './despatch-facts';

/** The seller as the Despatch Advice names it (the environment's SELLER_*). */
export interface DespatchSeller {
  name: string;
  /** `scheme:id`. */
  peppolParticipantId: string;
  address: DespatchAddress;
}

/**
 * Renders and stores the shipment's Despatch Advice when its buyer has a Peppol id; answers the row's
 * id, or null (no Peppol id: nothing to send). Idempotent per shipment.
 */
export async function queueDespatchAdvice(tx: Tx, shipmentId: string, seller: DespatchSeller, delivery: PeppolDeliveryPort): Promise<string | null> {
  const facts = await shipmentDocumentFacts(tx, { id: shipmentId });
  if (!facts?.peppolParticipantId) return null;
  const ubl = renderDespatchAdvice({
    id: facts.externalId,
    issueDate: facts.shippedOn,
    orderReference: facts.externalReference ?? facts.orderNumber,
    salesOrderNumber: facts.orderNumber,
    seller: { endpoint: seller.peppolParticipantId, name: seller.name, address: seller.address },
    buyer: { endpoint: facts.peppolParticipantId, name: facts.organisationName ?? facts.invoiceAddress.label, address: despatchAddress(facts.invoiceAddress) },
    deliveryAddress: despatchAddress(facts.deliveryAddress),
    carrier: facts.carrier,
    trackingReference: facts.trackingReference,
    shippedOn: facts.shippedOn,
    expectedDeliveryOn: facts.expectedDeliveryOn,
    lines: facts.lines,
  });
  const [row] = await tx
    .insert(despatchAdvices)
    .values({ shipmentId, organisationId: facts.organisationId, receiver: facts.peppolParticipantId, ubl })
    .onConflictDoNothing({ target: despatchAdvices.shipmentId })
    .returning({ id: despatchAdvices.id });
  if (!row) return null;
  await delivery.enqueue(tx, { kind: 'despatch_advice', documentId: row.id, organisationId: facts.organisationId, recipient: facts.peppolParticipantId });
  return row.id;
}
