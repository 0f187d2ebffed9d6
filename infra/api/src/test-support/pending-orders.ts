// Orders written straight into the database as the checkout's placement leaves them (lines, stock
// taken, a history row), so the payments, order-document and mail tests do not depend on placement.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@portal/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { CreatePaymentInput, PaymentLocale } from '../common/payments/provider';
import { query } from './demo-buyers';

export interface TestOrder {
  id: string;
  number: string;
  productId: string;
  quantity: number;
  totalCents: number;
  discountCodeId: number | null;
}

export async function insertOrder(
  app: FastifyInstance,
  opts: { email: string; status?: OrderStatus; locale?: string; quantity?: number; discountCodeId?: number | null; productId?: string },
): Promise<TestOrder> {
  const [buyer] = await query<{ id: string; org: string }>(
    app,
    sql`select u.id, m.organisation_id as org from users u join memberships m on m.user_id = u.id where u.email = ${opts.email}`,
  );
  const quantity = opts.quantity ?? 2;
  const [product] = await query<{ id: string; article_code: string; name: string; nsn: string | null }>(
    app,
    opts.productId
      ? sql`select p.id, p.article_code, t.name, p.nsn from products p join product_translations t on t.product_id = p.id and t.locale = 'en' where p.id = ${opts.productId}`
      : sql`select p.id, p.article_code, t.name, p.nsn from products p join product_translations t on t.product_id = p.id and t.locale = 'en'
            where p.kind = 'product' and not p.backorder_allowed and p.stock_level >= 20 order by p.article_code limit 1`,
  );
  const unit = 1250;
  const subtotal = unit * quantity;
  const vat = Math.round(subtotal * 0.21);
  const number = `T-${randomBytes(4).toString('hex')}`;
  const address = { label: 'Main', street: 'Kerkstraat', nr: '1', box: null, postal_code: '9000', city: 'Gent', country: 'BE', email: 'orders@example.be', phone: '+32 9 123 45 67' };
  const locale = opts.locale ?? 'en';
  const submitter = {
    first_name: 'Lucas',
    last_name: 'Janssens',
    function: 'Purchaser',
    full_name: 'Lucas Janssens',
    declaration: { version: '2026-01', locale, text: `Declaration text in ${locale}: I am authorised to order.` },
  };
  const status = opts.status ?? 'payment_pending';
  const [order] = await query<{ id: string }>(
    app,
    sql`insert into orders (number, organisation_id, user_id, status, external_reference, remarks, delivery_address, invoice_address, submitter,
                            discount_code_id, subtotal_cents, vat_cents, total_cents)
        values (${number}, ${buyer!.org}, ${buyer!.id}, ${status}, 'PO-4711', 'Ring twice', ${JSON.stringify(address)}::jsonb, ${JSON.stringify(address)}::jsonb,
                ${JSON.stringify(submitter)}::jsonb, ${opts.discountCodeId ?? null}, ${subtotal}, ${vat}, ${subtotal + vat})
        returning id`,
  );
  await query(
    app,
    sql`insert into order_lines (order_id, product_id, article_code, description, nsn, quantity, unit_price_cents, vat_rate_bp, line_total_cents)
        values (${order!.id}, ${product!.id}, ${product!.article_code}, ${product!.name}, ${product!.nsn}, ${quantity}, ${unit}, 2100, ${subtotal}) returning order_id`,
  );
  // What placement did: stock and the discount-code use taken, the first history row.
  await query(app, sql`update products set stock_level = stock_level - ${quantity} where id = ${product!.id} returning id`);
  if (opts.discountCodeId) await query(app, sql`update discount_codes set used_count = used_count + 1 where id = ${opts.discountCodeId} returning id`);
  await query(app, sql`insert into order_status_history (order_id, status, changed_by_user_id) values (${order!.id}, ${status}, ${buyer!.id}) returning id`);
  return { id: order!.id, number, productId: product!.id, quantity, totalCents: subtotal + vat, discountCodeId: opts.discountCodeId ?? null };
}

export const orderStatus = async (app: FastifyInstance, id: string) =>
  (await query<{ status: OrderStatus }>(app, sql`select status from orders where id = ${id}`))[0]!.status;

export const stockOf = async (app: FastifyInstance, productId: string) =>
  Number((await query<{ stock_level: number }>(app, sql`select stock_level from products where id = ${productId}`))[0]!.stock_level);

export const historyOf = (app: FastifyInstance, id: string) =>
  query<{ status: OrderStatus; from_status: OrderStatus | null; note: string | null }>(
    app,
    sql`select status, from_status, note from order_status_history where order_id = ${id} order by id`,
  );

/** What the placement asks the payments module for `order`: its total in euros, in `locale`, returning to its order page under `origin`. */
export const paymentFor = (order: TestOrder, locale: PaymentLocale, origin: string): CreatePaymentInput => ({
  orderId: order.id,
  orderNumber: order.number,
  amountCents: order.totalCents,
  currency: 'EUR',
  locale,
  returnUrl: `${origin}/${locale}/checkout/order/${order.id}`,
});
