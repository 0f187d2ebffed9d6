// Orders written straight into the database as the checkout's placement leaves them (lines, stock
// taken, a history row), so the payments, order-document and mail tests do not depend on placement.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { OrderStatus } from '@portal/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { CreatePaymentInput, PaymentLocale } from '../common/payments/provider';
import { orderHistoryRow } from './order-events';
import { discountCodes, memberships, orderLines, orders, orderStatusHistory, products, productTranslations, users } from '../db/schema';

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
  const db = app.database.db;
  const [buyer] = await db
    .select({ id: users.id, org: memberships.organisationId })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.email, opts.email));
  const quantity = opts.quantity ?? 2;
  const [product] = await db
    .select({ id: products.id, articleCode: products.articleCode, name: productTranslations.name, nsn: products.nsn })
    .from(products)
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, 'en')))
    .where(
      opts.productId
        ? eq(products.id, opts.productId)
        : and(eq(products.kind, 'product'), eq(products.backorderAllowed, false), gte(products.stockLevel, 20)),
    )
    .orderBy(asc(products.articleCode))
    .limit(1);
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
  const [order] = await db
    .insert(orders)
    .values({
      number,
      organisationId: buyer!.org,
      userId: buyer!.id,
      status,
      externalReference: 'PO-4711',
      remarks: 'Ring twice',
      deliveryAddress: address,
      invoiceAddress: address,
      submitter,
      discountCodeId: opts.discountCodeId ?? null,
      subtotalCents: subtotal,
      vatCents: vat,
      totalCents: subtotal + vat,
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values({
    orderId: order!.id,
    productId: product!.id,
    articleCode: product!.articleCode,
    description: product!.name,
    nsn: product!.nsn,
    quantity,
    unitPriceCents: unit,
    vatRateBp: 2100,
    lineTotalCents: subtotal,
  });
  // What placement did: stock and the discount-code use taken, the first history row.
  await db.update(products).set({ stockLevel: sql`${products.stockLevel} - ${quantity}` }).where(eq(products.id, product!.id));
  if (opts.discountCodeId) await db.update(discountCodes).set({ usedCount: sql`${discountCodes.usedCount} + 1` }).where(eq(discountCodes.id, opts.discountCodeId));
  await orderHistoryRow(db, { orderId: order!.id, status, changedByUserId: buyer!.id });
  return { id: order!.id, number, productId: product!.id, quantity, totalCents: subtotal + vat, discountCodeId: opts.discountCodeId ?? null };
}

export const orderStatus = async (app: FastifyInstance, id: string) =>
  (await app.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

export const stockOf = async (app: FastifyInstance, productId: string) =>
  (await app.database.db.select({ stockLevel: products.stockLevel }).from(products).where(eq(products.id, productId)))[0]!.stockLevel;

export const historyOf = (app: FastifyInstance, id: string) =>
  app.database.db
    .select({ status: orderStatusHistory.status, from_status: orderStatusHistory.fromStatus, note: orderStatusHistory.note })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(asc(orderStatusHistory.id));

/** What the placement asks the payments module for `order`: its total in euros, in `locale`, returning to its order page under `origin`. */
export const paymentFor = (order: TestOrder, locale: PaymentLocale, origin: string): CreatePaymentInput => ({
  orderId: order.id,
  orderNumber: order.number,
  amountCents: order.totalCents,
  currency: 'EUR',
  locale,
  returnUrl: `${origin}/${locale}/checkout/order/${order.id}`,
});
