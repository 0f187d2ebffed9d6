// The order's documents: the order form is rendered the first time anyone needs it (the placement
// after its commit, the confirmation mail, or the first download) and then always read back, so an
// order downloads the same bytes for ever (even if the layout changes later).
import { ORDER_ERRORS } from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import type { OutboxAttachmentRef } from '../../../common/outbox';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { renderOrderForm } from './order-form';
import type { OrderFormLocale } from './order-form-labels';
import { createOrderDocumentsRepository, ORDER_FORM, type OrderDocumentsRepository } from './order-documents.repository';

const PDF = 'application/pdf';
const formLocale = (locale: string): OrderFormLocale => (locale === 'nl' || locale === 'fr' ? locale : 'en');
const fileName = (orderNumber: string) => `order-form-${orderNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;

export function createOrderDocumentsService(deps: { repo: OrderDocumentsRepository }) {
  const { repo } = deps;

  /** The stored order form, rendered and stored first when there is none. Null: no such order. */
  async function orderForm(orderId: string): Promise<Buffer | null> {
    const stored = await repo.stored(orderId, ORDER_FORM);
    if (stored) return stored.bytes;
    const source = await repo.orderFormData(orderId);
    if (!source) return null;
    const bytes = await renderOrderForm(source.data, formLocale(source.locale));
    return (await repo.store(orderId, ORDER_FORM, PDF, bytes)).bytes;
  }

  return {
    renderAndStoreOrderForm: orderForm,

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
      const bytes = await orderForm(ref.orderId);
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
