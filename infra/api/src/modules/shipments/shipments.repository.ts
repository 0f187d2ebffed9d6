// The shipments module's own tables (decision 039): shipments and their lines. The order they ship
// is the orders module's; it is locked and moved through the ShipmentOrdersPort by the service.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderShipment } from '@portal/shared/schemas';
import type { Db, Tx } from '../../db/client';
import { shipmentLines, shipments } from './tables';

export interface NewShipment {
  orderId: string;
  externalId: string;
  requestHash: string;
  clientName: string;
  carrier: string;
  trackingReference: string;
  trackingUrl: string | null;
  shippedOn: string;
  expectedDeliveryOn: string;
  lines: { orderLineId: string; quantity: number; gtin: string | null; lot: string | null; expiryOn: string | null; serialNumbers: string[] }[];
}

export type StoredShipment = typeof shipments.$inferSelect;

/** Order line facts a shipment's lines are shown with (the order's own, passed in by the caller). */
export type LineFacts = Map<string, { articleCode: string; description: string }>;

export const shipmentsRepository = {
  async byExternalId(db: Db | Tx, externalId: string): Promise<StoredShipment | null> {
    const [row] = await db.select().from(shipments).where(eq(shipments.externalId, externalId));
    return row ?? null;
  },

  /** What earlier shipments shipped of each of the order's lines. */
  async shippedPerLine(db: Db | Tx, orderId: string): Promise<Map<string, number>> {
    const rows = await db
      .select({ orderLineId: shipmentLines.orderLineId, quantity: sql<number>`sum(${shipmentLines.quantity})::int`.mapWith(Number) })
      .from(shipmentLines)
      .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
      .where(eq(shipments.orderId, orderId))
      .groupBy(shipmentLines.orderLineId);
    return new Map(rows.map((r) => [r.orderLineId, r.quantity]));
  },

  async insert(tx: Tx, s: NewShipment): Promise<StoredShipment> {
    const { lines, ...head } = s;
    const [row] = await tx.insert(shipments).values(head).returning();
    await tx.insert(shipmentLines).values(lines.map((l, position) => ({ ...l, shipmentId: row!.id, position })));
    return row!;
  },

  /** An order's shipments, oldest first, each with its lines in report order; `facts` names the lines. */
  async forOrder(db: Db | Tx, orderId: string, facts?: LineFacts): Promise<(OrderShipment & { id: string; recorded_at: string })[]> {
    const heads = await db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.shippedOn), asc(shipments.recordedAt), asc(shipments.id));
    if (!heads.length) return [];
    const lines = await db
      .select()
      .from(shipmentLines)
      .where(inArray(shipmentLines.shipmentId, heads.map((h) => h.id)))
      .orderBy(asc(shipmentLines.shipmentId), asc(shipmentLines.position));
    return heads.map((h) => ({
      id: h.id,
      shipment_id: h.externalId,
      carrier: h.carrier,
      tracking_reference: h.trackingReference,
      tracking_url: h.trackingUrl,
      shipped_on: h.shippedOn,
      expected_delivery_on: h.expectedDeliveryOn,
      recorded_at: h.recordedAt.toISOString(),
      lines: lines
        .filter((l) => l.shipmentId === h.id)
        .map((l) => ({
          order_line_id: l.orderLineId,
          article_code: facts?.get(l.orderLineId)?.articleCode ?? '',
          description: facts?.get(l.orderLineId)?.description ?? '',
          quantity: l.quantity,
          lot: l.lot,
          expiry_on: l.expiryOn,
          serial_numbers: l.serialNumbers,
        })),
    }));
  },
};
