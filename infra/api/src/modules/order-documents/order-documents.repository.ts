// The documents an order keeps, and the order data the order form is printed from. A document is
// stored once: the first writer wins (`on conflict do nothing`) and everyone reads what is stored,
// so two first downloads at the same time still give the same bytes.
import { sql } from 'drizzle-orm';
import type { Caller } from '../../caller';
import { ORDER_ALIAS_O, orderScope } from '../../common/scope';
import { rows, type Db, type Tx } from '../../db/client';
import type { AddressSnapshot, Submitter } from '../../db/schema/index';
import type { OrderFormData } from './order-form';

export const ORDER_FORM = 'order_form';

interface OrderRow {
  number: string;
  placed_at: Date | string;
  customer_number: string | null;
  external_reference: string | null;
  remarks: string | null;
  delivery_address: AddressSnapshot | string;
  invoice_address: AddressSnapshot | string;
  submitter: Submitter | string | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  vat_cents: number;
  total_cents: number;
  currency: string;
  user_locale: string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function createOrderDocumentsRepository(db: Db) {
  return {
    /** The order's number when the caller may read it; null otherwise (another organisation's: 404). */
    async visibleOrder(caller: Caller, orderId: string): Promise<{ number: string } | null> {
      const [row] = await rows<{ number: string }>(db, sql`select o.number from orders o where o.id = ${orderId} and ${orderScope(caller, ORDER_ALIAS_O)}`);
      return row ?? null;
    },

    async stored(orderId: string, kind: string, tx: Db | Tx = db): Promise<{ bytes: Buffer; contentType: string } | null> {
      const [row] = await rows<{ bytes: Buffer | Uint8Array; content_type: string }>(
        tx,
        sql`select bytes, content_type from order_documents where order_id = ${orderId} and kind = ${kind}`,
      );
      return row ? { bytes: Buffer.from(row.bytes), contentType: row.content_type } : null;
    },

    /** Stores the document unless one is stored already; returns the stored one either way. */
    async store(orderId: string, kind: string, contentType: string, bytes: Buffer): Promise<{ bytes: Buffer; contentType: string }> {
      await db.execute(
        sql`insert into order_documents (order_id, kind, content_type, bytes) values (${orderId}, ${kind}, ${contentType}, ${bytes})
            on conflict (order_id, kind) do nothing`,
      );
      return (await this.stored(orderId, kind))!;
    },

    /** What the order form prints, and the buyer's language (the declaration's, else the user's). */
    async orderFormData(orderId: string): Promise<{ data: OrderFormData; locale: string } | null> {
      const [o] = await rows<OrderRow>(
        db,
        sql`select o.number, o.placed_at, org.customer_number, o.external_reference, o.remarks, o.delivery_address, o.invoice_address,
                   o.submitter, o.subtotal_cents, o.discount_cents, o.shipping_cents, o.vat_cents, o.total_cents, o.currency, u.locale as user_locale
            from orders o left join organisations org on org.id = o.organisation_id left join users u on u.id = o.user_id
            where o.id = ${orderId}`,
      );
      if (!o) return null;
      const lines = await rows<{ article_code: string; description: string; nsn: string | null; quantity: number; unit_price_cents: number; line_total_cents: number }>(
        db,
        sql`select article_code, description, nsn, quantity, unit_price_cents, line_total_cents from order_lines where order_id = ${orderId}
            order by article_code, id`,
      );
      const submitter = o.submitter ? json<Submitter>(o.submitter) : null;
      return {
        locale: submitter?.declaration.locale ?? o.user_locale ?? 'en',
        data: {
          number: o.number,
          placedAt: new Date(o.placed_at),
          clientNumber: o.customer_number,
          externalOrderNumber: o.external_reference,
          remarks: o.remarks,
          deliveryAddress: json<AddressSnapshot>(o.delivery_address),
          invoiceAddress: json<AddressSnapshot>(o.invoice_address),
          lines: lines.map((l) => ({
            articleNumber: l.article_code,
            description: l.description,
            nsn: l.nsn,
            quantity: Number(l.quantity),
            unitPriceCents: Number(l.unit_price_cents),
            lineTotalCents: Number(l.line_total_cents),
          })),
          subtotalCents: Number(o.subtotal_cents),
          discountCents: Number(o.discount_cents),
          shippingCents: Number(o.shipping_cents),
          vatCents: Number(o.vat_cents),
          totalCents: Number(o.total_cents),
          currency: o.currency,
          submitter,
        },
      };
    },
  };
}
export type OrderDocumentsRepository = ReturnType<typeof createOrderDocumentsRepository>;
