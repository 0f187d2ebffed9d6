// The order's documents: the order form is rendered the first time anyone needs it (the placement
// after its commit, the confirmation mail, or the first download) and then always read back, so an
// order downloads the same bytes for ever (even if the layout changes later).
import { createHash } from 'node:crypto';
import { ORDER_ERRORS, type OrderShipment } from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import type { OutboxAttachmentRef } from '../../../common/outbox';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { renderOrderForm, type OrderFormData } from './order-form';
import type { OrderFormLocale } from './order-form-labels';
import { createOrderDocumentsRepository, ORDER_FORM, type OrderDocumentsRepository } from './order-documents.repository';

const PDF = 'application/pdf';
const formLocale = (locale: string): OrderFormLocale => (locale === 'nl' || locale === 'fr' ? locale : 'en');
const fileName = (orderNumber: string) => `order-form-${orderNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

/** An order's shipments, its lines named (the shipments owner's read port, ShipmentsReadPort.forOrder, bound to the database). */
export type ShipmentsOf = (orderId: string, lines: readonly { id: string; article_code: string; description: string }[]) => Promise<OrderShipment[]>;

/** The document kind of the order form once parcels left: one per set of shipments (decision 079). */
const shippedKind = (shipments: readonly OrderShipment[]) =>
  `${ORDER_FORM}.shipped.${createHash('sha256').update(JSON.stringify(shipments.map((s) => s.shipment_id).sort())).digest('hex').slice(0, 16)}`;

/** Each line's deliveries, parcel by parcel, under the line. */
function withDeliveries(data: OrderFormData, shipments: readonly OrderShipment[]): OrderFormData {
  const shipped = shipments.flatMap((s) => s.lines);
  return {
    ...data,
    lines: data.lines.map((line) => ({
      ...line,
      delivered: shipped.filter((l) => l.order_line_id === line.id).map((l) => ({ quantity: l.quantity, lot: l.lot, expiryOn: l.expiry_on, serialNumbers: l.serial_numbers })),
    })),
  };
}

/** `shipments`: the shipments owner's read port (app.ts); absent, the order form is the one as placed. */
export function createOrderDocumentsService(deps: { repo: OrderDocumentsRepository; shipments?: ShipmentsOf }) {
  const { repo, shipments } = deps;

  /**
   * The stored order form, rendered and stored first when there is none. Null: no such order.
   * `asPlaced`: without the deliveries (the confirmation mail's attachment).
   */
  async function orderForm(orderId: string, asPlaced = false): Promise<Buffer | null> {
    const shipped = shipments && !asPlaced ? await shipments(orderId, await repo.lineFacts(orderId)) : [];
    const kind = shipped.length ? shippedKind(shipped) : ORDER_FORM;
    const stored = await repo.stored(orderId, kind);
    if (stored) return stored.bytes;
    const source = await repo.orderFormData(orderId);
    if (!source) return null;
    const bytes = await renderOrderForm(shipped.length ? withDeliveries(source.data, shipped) : source.data, formLocale(source.locale));
    return (await repo.store(orderId, kind, PDF, bytes)).bytes;
  }

  return {
    renderAndStoreOrderForm: (orderId: string) => orderForm(orderId),

    /** The caller's download; another organisation's order answers 404 as a missing one does. */
    async download(caller: Caller, orderId: string): Promise<{ fileName: string; bytes: Buffer }> {
      const order = await repo.visibleOrder(caller, orderId);
      const bytes = order ? await orderForm(orderId) : null;
      if (!order || !bytes) throw new AppError(404, ORDER_ERRORS.NOT_FOUND, 'No such order');
      return { fileName: fileName(order.number), bytes };
    },

    /** Resolves a mail attachment named in the outbox (the confirmation mail's order form). */
    async mailAttachment(ref: OutboxAttachmentRef): Promise<{ filename: string; contentType: string; content: Buffer }> {
      if (ref.kind !== 'order_form') throw new Error(`The order documents resolve no ${ref.kind} attachment`);
      // The confirmation states the order as placed, whenever the mail leaves.
      const bytes = await orderForm(ref.orderId, true);
      const order = await repo.visibleOrder({ kind: 'system' }, ref.orderId);
      if (!bytes || !order) throw new Error(`No order ${ref.orderId} for the attachment`);
      return { filename: fileName(order.number), contentType: PDF, content: bytes };
    },
  };
}
export type OrderDocumentsService = ReturnType<typeof createOrderDocumentsService>;

/** For the checkout's placement (after its commit): renders and stores the order form once. */
export function renderAndStoreOrderForm(db: Db, orderId: string): Promise<Buffer | null> {
  return createOrderDocumentsService({ repo: createOrderDocumentsRepository(db) }).renderAndStoreOrderForm(orderId);
}
