// The order's side of a warehouse's shipment (decision 050): the shipments module decides what a
// shipment does to its order; the order's rows (its lock, status, tracking facts, history) and the
// buyer's shipped mail are written here, on the shipment's transaction, through the
// ShipmentOrdersPort the composition root hands the shipments module.
import { and, asc, eq, gt, gte, or, sql, type SQL } from 'drizzle-orm';
import type { ShipmentOrdersPort, ShippableOrder } from '../contract';
import { enqueue, mailLocale } from '../../../common/outbox';
import type { Db, Tx } from '../../../db/client';
import { orderLines, orders } from '../tables';
import type { EventsPort } from '../../integration-events/contract';
import { writeOrderHistory } from '../order-events';
import { organisations, products, users } from '../links';

export const ORDER_SHIPPED_TEMPLATE = 'orders.shipped';

const orderColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  organisationId: orders.organisationId,
  organisationName: organisations.name,
  externalReference: orders.externalReference,
  placedAt: orders.placedAt,
  totalCents: orders.totalCents,
  currency: orders.currency,
  trackingReference: orders.trackingReference,
  expectedDeliveryOn: orders.expectedDeliveryOn,
};

async function read(db: Db | Tx, number: string, lock: boolean): Promise<ShippableOrder | null> {
  const query = db.select(orderColumns).from(orders).leftJoin(organisations, eq(organisations.id, orders.organisationId)).where(eq(orders.number, number));
  const [order] = lock ? await query.for('update', { of: orders }) : await query;
  if (!order) return null;
  const lines = await db
    .select({ id: orderLines.id, articleCode: orderLines.articleCode, description: orderLines.description, quantity: orderLines.quantity, gtin: products.gtin })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.articleCode), asc(orderLines.id));
  return { ...order, lines };
}

/** `events`: a move's history row publishes its event in the shipment's transaction (decision 066). */
export const createShipmentOrders = (events: EventsPort): ShipmentOrdersPort => ({
  lockByNumber: (tx, number) => read(tx, number, true),
  byNumber: (db, number) => read(db, number, false),

  async recordShipment(tx, move) {
    const { shipment } = move;
    // The newest parcel's tracking reference; the buyer is asked to confirm once the last one is due.
    await tx
      .update(orders)
      .set({
        status: move.to,
        trackingReference: shipment.trackingReference,
        expectedDeliveryOn: sql`greatest(${orders.expectedDeliveryOn}, ${shipment.expectedDeliveryOn}::date)`,
      })
      .where(and(eq(orders.id, move.orderId), eq(orders.status, move.from)));
    if (move.to !== move.from) {
      await writeOrderHistory(tx, events, { orderId: move.orderId, status: move.to, fromStatus: move.from, changedByClient: move.byClient, note: move.note });
    }
    const [buyer] = await tx
      .select({ number: orders.number, email: users.email, locale: users.locale, firstName: users.firstName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, move.orderId));
    if (!buyer?.email) return;
    const lang = mailLocale(buyer.locale);
    await enqueue(tx, {
      channel: 'email',
      recipient: buyer.email.toLowerCase(),
      template: ORDER_SHIPPED_TEMPLATE,
      locale: lang,
      payload: {
        firstName: buyer.firstName,
        orderNumber: buyer.number,
        carrier: shipment.carrier,
        trackingReference: shipment.trackingReference,
        trackingUrl: shipment.trackingUrl,
        shippedOn: shipment.shippedOn,
        expectedDeliveryOn: shipment.expectedDeliveryOn,
        complete: shipment.complete,
        lines: shipment.lines ?? [],
        path: `/${lang}/my-orders/${encodeURIComponent(buyer.number)}`,
      },
    });
  },

  async list(db, filter) {
    const micros = sql<string>`(extract(epoch from ${orders.placedAt}) * 1000000)::bigint`;
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(orders.status, filter.status));
    if (filter.placedAfter) conditions.push(gte(orders.placedAt, new Date(filter.placedAfter)));
    if (filter.after) {
      const after = sql`${filter.after.micros}::bigint`;
      conditions.push(or(sql`${micros} > ${after}`, and(sql`${micros} = ${after}`, gt(orders.id, filter.after.id)))!);
    }
    const rows = await db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        placedAt: orders.placedAt,
        micros: sql<string>`${micros}::text`,
        organisationId: orders.organisationId,
        externalReference: orders.externalReference,
        totalCents: orders.totalCents,
        currency: orders.currency,
      })
      .from(orders)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(micros, asc(orders.id))
      .limit(filter.limit);
    return rows.map((r) => ({
      item: {
        id: r.id,
        number: r.number,
        status: r.status,
        placed_at: r.placedAt.toISOString(),
        organisation_id: r.organisationId,
        external_order_number: r.externalReference,
        total_incl_vat: r.totalCents,
        currency: r.currency,
      },
      cursor: { micros: String(r.micros), id: r.id },
    }));
  },
});
