// A warehouse reports a shipment (issue 29, decision 050). In one transaction, with the order row
// locked (so two reports for one order are counted one after the other): the report is checked
// against what is still open on each order line, stored, the order moved through the orders
// module's port (status, tracking, history naming the client, the buyer's mail), invoiced through
// the invoicing port when one is wired, and written to the audit log. The warehouse's shipment id
// makes the report idempotent: the same body again answers the stored shipment and changes
// nothing; another body under the same id is refused.
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import {
  API_ERRORS,
  Gtin14Schema,
  INTEGRATION_ORDER_PAGE_SIZE,
  SHIPMENT_ERRORS,
  type FieldError,
  type IntegrationOrder,
  type IntegrationOrderList,
  type IntegrationOrderListQuery,
  type Shipment,
  type ShipmentReport,
} from '@portal/shared/schemas';
import type { IntegrationCaller } from '../../caller';
import { SHIPPABLE_STATUSES, shipmentTarget } from '../../common/order-transitions';
import type { InvoicingPort } from '../invoices/contract';
import type { ShipmentOrdersPort, ShippableOrder } from '../orders/contract';
import type { RecallGuardPort } from '../recalls/contract';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db/pg-errors';
import { structuredLines } from './scanned-lines';
import { shipmentsRepository as repo, type StoredShipment } from './shipments.repository';

/** Left out of a report, a parcel is expected this many days after it shipped (decision 050). */
export const DEFAULT_TRANSIT_DAYS = 3;

/** Records a client's write in the audit log, in the write's transaction (integration-clients' audit.ts, wired in app.ts). */
export type RecordIntegrationWrite = (tx: Tx, caller: IntegrationCaller, action: string, entityType: string, entityId: string, data?: Record<string, unknown>) => Promise<void>;

export interface ShipmentsDeps {
  db: Db;
  audit: RecordIntegrationWrite;
  orders: ShipmentOrdersPort;
  /** The recalls' guard: a line under an open recall is refused (decision 074). */
  recalls: RecallGuardPort;
  /** Issue 30's invoicing; optional until the invoices module is wired (the lead wires it at merge). */
  invoicing?: InvoicingPort;
  /** Queues the shipment's Peppol Despatch Advice in its transaction (decision 070); absent: none. */
  despatch?: (tx: Tx, shipmentId: string) => Promise<unknown>;
}

/** The report's fields in a fixed order, so the same report always hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}
export const reportHash = (report: ShipmentReport) => createHash('sha256').update(JSON.stringify(canonical(report))).digest('hex');

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const conflict = (externalId: string) =>
  new AppError(409, SHIPMENT_ERRORS.CONFLICT, `Shipment ${externalId} was reported before with other content; report a correction under a new shipment id`);

/** The report's lines matched to the order's: by id, or by an article code that names one line. */
function matchLines(order: ShippableOrder, report: ShipmentReport, shipped: Map<string, number>) {
  const byId = new Map(order.lines.map((l) => [l.id, l]));
  const byCode = new Map<string, (typeof order.lines)[number][]>();
  for (const l of order.lines) byCode.set(l.articleCode, [...(byCode.get(l.articleCode) ?? []), l]);
  const unknown: FieldError[] = [];
  const matched = report.lines.map((line, i) => {
    if (line.order_line_id !== undefined) {
      const found = byId.get(line.order_line_id);
      if (!found) unknown.push({ path: `lines.${i}.order_line_id`, message: 'validation.invalid.value' });
      return found;
    }
    const found = byCode.get(line.article_code!) ?? [];
    if (found.length !== 1) unknown.push({ path: `lines.${i}.article_code`, message: 'validation.invalid.value' });
    return found.length === 1 ? found[0] : undefined;
  });
  if (unknown.length) throw new AppError(422, SHIPMENT_ERRORS.UNKNOWN_LINE, `The shipment names lines that are not on order ${order.number} (or an article code on several of its lines: name the line id)`, unknown);
  // A line may be named more than once (two lots): their sum counts against what is open.
  const asked = new Map<string, number>();
  report.lines.forEach((line, i) => asked.set(matched[i]!.id, (asked.get(matched[i]!.id) ?? 0) + line.quantity));
  const over: FieldError[] = [];
  report.lines.forEach((_, i) => {
    const l = matched[i]!;
    const open = l.quantity - (shipped.get(l.id) ?? 0);
    if (asked.get(l.id)! > open) over.push({ path: `lines.${i}.quantity`, message: 'validation.tooBig.number', values: { count: Math.max(open, 0) } });
  });
  if (over.length) throw new AppError(422, SHIPMENT_ERRORS.OVER_SHIPPED, 'The shipment ships more than was ordered minus what earlier shipments shipped', over);
  const complete = order.lines.every((l) => (shipped.get(l.id) ?? 0) + (asked.get(l.id) ?? 0) >= l.quantity);
  return { matched: matched.map((l) => l!), complete };
}

/** A catalogue GTIN as the lot index keys it (GTIN-14), null where it is none the shared schema takes. */
const gtin14 = (gtin: string | null): string | null => {
  const parsed = gtin === null ? null : v.safeParse(Gtin14Schema, gtin);
  return parsed?.success ? parsed.output : null;
};

const lineFacts = (order: ShippableOrder) => new Map(order.lines.map((l) => [l.id, { articleCode: l.articleCode, description: l.description }]));

export function createShipmentsService(deps: ShipmentsDeps) {
  const { db, orders, invoicing, audit, despatch, recalls } = deps;

  /** A stored shipment as the routes answer it, its lines named from its order's. */
  async function shipmentOf(dbOrTx: Db | Tx, order: ShippableOrder, shipmentId: string): Promise<Shipment> {
    const all = await repo.forOrder(dbOrTx, order.id, lineFacts(order));
    const { id: _id, ...found } = all.find((s) => s.id === shipmentId)!;
    return { ...found, order_number: order.number };
  }

  /** A report seen before: the same body answers the stored shipment, another body is refused. */
  async function replay(stored: StoredShipment, report: ShipmentReport, hash: string): Promise<{ replayed: true; shipment: Shipment }> {
    if (stored.requestHash !== hash) throw conflict(report.shipment_id);
    // The same body names the same order (its number is part of the hash).
    const order = (await orders.byNumber(db, report.order_number))!;
    return { replayed: true, shipment: await shipmentOf(db, order, stored.id) };
  }

  async function record(caller: IntegrationCaller, report: ShipmentReport, hash: string): Promise<{ replayed: boolean; shipment: Shipment }> {
    return db.transaction(async (tx) => {
      const order = await orders.lockByNumber(tx, report.order_number);
      if (!order) throw new AppError(404, SHIPMENT_ERRORS.ORDER_NOT_FOUND, `No order ${report.order_number}`);
      // Read after the lock: a report of the same id for this order that committed meanwhile is seen here.
      const seen = await repo.byExternalId(tx, report.shipment_id);
      if (seen) return replay(seen, report, hash);
      if (!SHIPPABLE_STATUSES.includes(order.status)) {
        throw new AppError(409, SHIPMENT_ERRORS.ORDER_NOT_SHIPPABLE, `Order ${order.number} is ${order.status}: nothing can be shipped from that status`);
      }
      const shipped = await repo.shippedPerLine(tx, order.id);
      const { matched, complete } = matchLines(order, report, shipped);
      const to = shipmentTarget(order.status, complete)!;
      const expectedDeliveryOn = report.expected_delivery_on ?? addDays(report.shipped_on, DEFAULT_TRANSIT_DAYS);
      // The lot index's key: the scanned GTIN, else the ordered product's, as GTIN-14 (decision 074).
      const lines = report.lines.map((l, i) => ({
        orderLineId: matched[i]!.id,
        quantity: l.quantity,
        gtin: l.gtin ?? gtin14(matched[i]!.gtin),
        lot: l.lot ?? null,
        expiryOn: l.expiry_on ?? null,
        serialNumbers: l.serial_numbers ?? [],
      }));
      // Under the GTINs' recall locks (shared): refused if a recall covers a line, else counted by one opening now.
      await recalls.refuseRecalled(tx, lines);
      const stored = await repo.insert(tx, {
        orderId: order.id,
        externalId: report.shipment_id,
        requestHash: hash,
        clientName: caller.clientName,
        carrier: report.carrier,
        trackingReference: report.tracking_reference,
        trackingUrl: report.tracking_url ?? null,
        shippedOn: report.shipped_on,
        expectedDeliveryOn,
        lines,
      });
      await orders.recordShipment(tx, {
        orderId: order.id,
        from: order.status,
        to,
        byClient: caller.clientName,
        // A note the order page says in the reader's language (the parcel itself is in its shipments).
        note: complete ? 'shipped' : 'partly_shipped',
        shipment: {
          carrier: report.carrier,
          trackingReference: report.tracking_reference,
          trackingUrl: report.tracking_url ?? null,
          shippedOn: report.shipped_on,
          expectedDeliveryOn,
          complete,
          lines: report.lines.map((l, i) => ({
            articleCode: matched[i]!.articleCode,
            description: matched[i]!.description,
            quantity: l.quantity,
            lot: l.lot ?? null,
            expiryOn: l.expiry_on ?? null,
            serialNumbers: l.serial_numbers ?? [],
          })),
        },
      });
      // Issue 30: what shipped is invoiced in the same transaction (idempotent per shipment).
      await invoicing?.invoiceShipment(tx, {
        orderId: order.id,
        shipmentId: stored.id,
        shippedOn: report.shipped_on,
        lines: report.lines.map((l, i) => ({ orderLineId: matched[i]!.id, quantity: l.quantity })),
        // Each line's lot, expiry and serials: the invoice line states them (decision 070).
        lots: report.lines.map((l, i) => ({ orderLineId: matched[i]!.id, quantity: l.quantity, lot: l.lot ?? null, expiryOn: l.expiry_on ?? null, serialNumbers: l.serial_numbers ?? [] })),
      });
      // Decision 070: a buyer with a Peppol id gets the shipment as a Despatch Advice, sent after the commit.
      await despatch?.(tx, stored.id);
      await audit(tx, caller, 'shipment.reported', 'order', order.number, {
        shipment_id: report.shipment_id,
        status: { from: order.status, to },
        lines: report.lines.length,
      });
      return { replayed: false, shipment: await shipmentOf(tx, order, stored.id) };
    });
  }

  return {
    /** Records a report; `replayed`: it was recorded before with the same body (nothing changed). */
    async report(caller: IntegrationCaller, sent: ShipmentReport): Promise<{ replayed: boolean; shipment: Shipment }> {
      // The body as sent is the idempotency key; the rest reads each line's scan as its structured fields (decision 079).
      const hash = reportHash(sent);
      const report: ShipmentReport = { ...sent, lines: structuredLines(sent.lines) };
      // A replay answers without locking the order (a warehouse's retry storm does not queue on it).
      const seen = await repo.byExternalId(db, report.shipment_id);
      if (seen) return replay(seen, report, hash);
      try {
        return await record(caller, report, hash);
      } catch (err) {
        // The same id reported at once against another order: the first one won.
        if (!isUniqueViolation(err)) throw err;
        const won = await repo.byExternalId(db, report.shipment_id);
        if (!won) throw err;
        return replay(won, report, hash);
      }
    },

    async order(number: string): Promise<IntegrationOrder> {
      const order = await orders.byNumber(db, number);
      if (!order) throw new AppError(404, SHIPMENT_ERRORS.ORDER_NOT_FOUND, `No order ${number}`);
      const [shipped, shipments] = await Promise.all([repo.shippedPerLine(db, order.id), repo.forOrder(db, order.id, lineFacts(order))]);
      return {
        id: order.id,
        number: order.number,
        status: order.status,
        placed_at: order.placedAt.toISOString(),
        organisation_id: order.organisationId,
        organisation_name: order.organisationName,
        external_order_number: order.externalReference,
        total_incl_vat: order.totalCents,
        currency: order.currency,
        tracking_reference: order.trackingReference,
        expected_delivery_on: order.expectedDeliveryOn,
        lines: order.lines.map((l) => ({ id: l.id, article_code: l.articleCode, description: l.description, quantity: l.quantity, quantity_shipped: shipped.get(l.id) ?? 0 })),
        shipments: shipments.map(({ id: _id, recorded_at: _at, ...s }) => s),
      };
    },

    async list(q: IntegrationOrderListQuery): Promise<IntegrationOrderList> {
      const limit = q.limit ?? INTEGRATION_ORDER_PAGE_SIZE;
      const after = q.after ? decodeCursor(q.after) : undefined;
      // One more than the page: whether there is a next page without a count.
      const rows = await orders.list(db, { status: q.status, placedAfter: q.placed_after, after, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { items: page.map((r) => r.item), next: rows.length > limit && last ? encodeCursor(last.cursor) : null };
    },
  };
}
export type ShipmentsService = ReturnType<typeof createShipmentsService>;

/** The cursor is opaque to the client: `micros.id`, base64url. */
const encodeCursor = (c: { micros: string; id: string }) => Buffer.from(`${c.micros}.${c.id}`).toString('base64url');
function decodeCursor(cursor: string): { micros: string; id: string } {
  const m = /^(\d{1,18})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw new AppError(400, API_ERRORS.VALIDATION_FAILED, 'The cursor is not one this API gave', [{ path: 'after', message: 'validation.invalid.value' }]);
  return { micros: m[1]!, id: m[2]! };
}
