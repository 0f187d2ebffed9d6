// The shipments tests' pieces: the orders module's shipment port (the service is tested with a fake
// invoicing port around it), and orders to ship: a copy of a seeded organisation's order with two lines of
// four units each, in the status asked for, with a number of its own, so each test ships its own.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderStatus } from '@portal/shared/schemas';
import { createShipmentOrders } from '../modules/orders/placement/orders.shipment-side';
import { integrationEventsPort } from '../modules/integration-events/outbox';

/** The orders' side of a shipment as app.ts wires it (its moves publish their events, decision 066). */
export const shipmentOrders = createShipmentOrders(integrationEventsPort);
export { recordIntegrationWrite } from '../modules/integration-clients/audit';
/** The recalls' guard as app.ts hands it to the shipments (decision 074). */
export { recallGuard } from '../modules/recalls/recalls.guard';
import { query } from './demo-buyers';

export interface OrderToShip {
  id: string;
  number: string;
  /** Its lines by article code: id, code, quantity (4 each). */
  lines: { id: string; article_code: string; quantity: number }[];
  /** The buyer who placed it. */
  buyerEmail: string;
}

/** `buyer`: copy one of this demo buyer's orders (their organisation's), else the first organisation order. */
export async function orderToShip(app: FastifyInstance, status: OrderStatus = 'processing', lineCount = 2, buyer?: string): Promise<OrderToShip> {
  const [source] = await query<{ id: string; email: string }>(
    app,
    sql`select o.id, u.email from orders o join users u on u.id = o.user_id
        where o.organisation_id is not null and (select count(distinct article_code) from order_lines l where l.order_id = o.id) >= ${lineCount}
          and (${buyer ?? null}::text is null or u.email = ${buyer ?? null}::text)
        order by o.number limit 1`,
  );
  const number = `SO-TEST-${randomBytes(5).toString('hex')}`;
  const [copy] = await query<{ id: string }>(
    app,
    sql`insert into orders select (jsonb_populate_record(null::orders, to_jsonb(o) - 'id'
          || jsonb_build_object('id', gen_random_uuid(), 'number', ${number}::text, 'status', ${status}::text,
               'tracking_reference', null, 'expected_delivery_on', null, 'delivery_confirmed_at', null, 'delivery_confirmed_by_user_id', null))).*
        from orders o where o.id = ${source!.id} returning id`,
  );
  await query(
    app,
    sql`insert into order_lines (order_id, product_id, article_code, description, nsn, quantity, unit_price_cents, vat_rate_bp, line_total_cents)
        select ${copy!.id}, product_id, article_code, description, nsn, 4, unit_price_cents, vat_rate_bp, unit_price_cents * 4
        from (select distinct on (article_code) * from order_lines where order_id = ${source!.id} order by article_code, id) l
        order by article_code limit ${lineCount}`,
  );
  const lines = await query<{ id: string; article_code: string; quantity: number }>(
    app,
    sql`select id, article_code, quantity from order_lines where order_id = ${copy!.id} order by article_code`,
  );
  return { id: copy!.id, number, lines, buyerEmail: source!.email };
}

/** A valid report of `quantities` (one per line of the order, by article code; 0 leaves a line out). */
export function report(order: OrderToShip, shipmentId: string, quantities: number[] = order.lines.map((l) => l.quantity)) {
  return {
    shipment_id: shipmentId,
    order_number: order.number,
    carrier: 'bpost',
    tracking_reference: `3S${shipmentId}`,
    tracking_url: `https://track.example/parcel/3S${shipmentId}`,
    shipped_on: '2026-11-27',
    expected_delivery_on: '2026-11-30',
    lines: order.lines.flatMap((l, i) => (quantities[i] ? [{ article_code: l.article_code, quantity: quantities[i]!, lot: `LOT-${i}`, expiry_on: '2028-02-29' }] : [])),
  };
}
