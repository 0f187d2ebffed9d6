// The stored Despatch Advices as the one delivery mechanism reads them (DespatchDocumentsPort,
// modules/shipments/contract.ts; decision 083): the bytes rendered in the shipment's transaction when
// the job sends them, and the shipment's and order's numbers for the staff's page of failed deliveries.
// Stateless: it reads with the caller's `db` or `tx`.
import { eq, inArray } from 'drizzle-orm';
import type { DespatchDocumentsPort } from '../contract';
import { orders } from '../links';
import { despatchAdvices, shipments } from '../tables';

export function createDespatchDocuments(seller: { peppolParticipantId: string }): DespatchDocumentsPort {
  return {
    async forDelivery(db, despatchAdviceId) {
      const [row] = await db.select({ id: despatchAdvices.id, ubl: despatchAdvices.ubl }).from(despatchAdvices).where(eq(despatchAdvices.id, despatchAdviceId));
      // The seller named in the document is the environment's (SELLER_PEPPOL_ID), as when it was rendered.
      return row ? { id: row.id, senderParticipantId: seller.peppolParticipantId, ubl: Buffer.from(row.ubl) } : null;
    },
    async references(db, despatchAdviceIds) {
      if (!despatchAdviceIds.length) return new Map();
      const rows = await db
        .select({ id: despatchAdvices.id, shipmentReference: shipments.externalId, orderId: orders.id, orderNumber: orders.number })
        .from(despatchAdvices)
        .innerJoin(shipments, eq(shipments.id, despatchAdvices.shipmentId))
        .innerJoin(orders, eq(orders.id, shipments.orderId))
        .where(inArray(despatchAdvices.id, despatchAdviceIds));
      return new Map(rows.map(({ id, ...reference }) => [id, reference]));
    },
  };
}
