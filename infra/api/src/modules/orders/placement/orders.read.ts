// An order as its owner reads it (OrderSchema: the confirmation page), scoped like every query:
// another organisation's order is not found.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Address, Order, Price } from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import type { BudgetPort } from '../../budgets/contract';
import type { Db } from '../../../db/client';
import { brands, products } from '../links';
import { orderLines, orderMessages, orders, orderStatusHistory, type AddressSnapshot } from '../tables';
import { nullable, rowShape, typedRows } from '../../../db/typed-rows';
import { ORDER_ALIAS_O, orderScope } from '../../../common/scope';
import { inclVat } from '../../../common/vat/price';
import { orderVatMentions } from '../../../common/vat/vat-category';
import { vatLanguage } from '../../../common/vat/vat-buyer';

const orderRow = rowShape({
  id: orders.id,
  number: orders.number,
  placed_at: orders.placedAt,
  status: orders.status,
  ordered_by: v.nullable(v.string()),
  total_cents: orders.totalCents,
  subtotal_cents: orders.subtotalCents,
  discount_cents: orders.discountCents,
  shipping_cents: orders.shippingCents,
  vat_cents: orders.vatCents,
  vat_regime: orders.vatRegime,
  vat_buyer: orders.vatBuyer,
  external_reference: orders.externalReference,
  remarks: orders.remarks,
  delivery_address: orders.deliveryAddress,
  invoice_address: orders.invoiceAddress,
  delivered_at: nullable(orderStatusHistory.changedAt),
  delivery_confirmed_at: orders.deliveryConfirmedAt,
  case_manager_message: nullable(orderMessages.body),
});

/** A line with the product's current code, colour, size and brand (outer joins: the product may be gone). */
const lineRow = rowShape({
  id: orderLines.id,
  product_id: orderLines.productId,
  description: orderLines.description,
  article_code: orderLines.articleCode,
  product_code: products.productCode,
  nsn: orderLines.nsn,
  colour: products.colour,
  size: products.size,
  brand: nullable(brands.name),
  quantity: orderLines.quantity,
  unit_price_cents: orderLines.unitPriceCents,
  vat_rate_bp: orderLines.vatRateBp,
  line_total_cents: orderLines.lineTotalCents,
});

const iso = (d: Date) => d.toISOString();
/** A line's amount with the rate charged on it (the line's stored rate), rounded once as the VAT rule does. */
const price = (excl: number, bp: number): Price => ({ excl_vat: excl, incl_vat: inclVat(excl, bp), vat_rate: bp / 100 });

const address = (orderId: string, kind: 'delivery' | 'invoice', a: AddressSnapshot): Address => ({
  id: `${orderId}:${kind}`,
  label: a.label,
  type: kind === 'delivery' ? 'shipping' : 'billing',
  street: a.street,
  nr: a.nr,
  box: a.box ?? '',
  postal_code: a.postal_code,
  city: a.city,
  country: a.country as Address['country'],
  email: a.email ?? '',
  phone: a.phone ?? '',
  is_default: false,
});

/** `budgets`: the cost centre the order was charged to (decision 054), shown on the confirmation. */
export function createOrderReader(db: Db, budgets?: Pick<BudgetPort, 'ofOrder'>) {
  return {
    async read(caller: Caller, id: string, locale: string): Promise<Order | null> {
      const [o] = await typedRows(
        db,
        orderRow,
        sql`select o.id, o.number, o.placed_at, o.status, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as ordered_by,
                   o.total_cents, o.subtotal_cents, o.discount_cents, o.shipping_cents, o.vat_cents, o.vat_regime, o.vat_buyer, o.external_reference, o.remarks,
                   o.delivery_address, o.invoice_address, o.delivery_confirmed_at,
                   (select max(h.changed_at) from order_status_history h where h.order_id = o.id and h.status = 'delivered') as delivered_at,
                   (select m.body from order_messages m where m.order_id = o.id order by m.created_at desc limit 1) as case_manager_message
            from orders o left join users u on u.id = o.user_id where o.id = ${id} and ${orderScope(caller, ORDER_ALIAS_O)}`,
      );
      if (!o) return null;
      const lines = await typedRows(
        db,
        lineRow,
        // The product's name in the reader's language where the catalogue has it, else the line's snapshot.
        sql`select l.id, l.product_id, coalesce(pt.name, l.description) as description, l.article_code, p.product_code, l.nsn, p.colour, p.size, b.name as brand,
                   l.quantity, l.unit_price_cents, l.vat_rate_bp, l.line_total_cents
            from order_lines l left join products p on p.id = l.product_id left join brands b on b.id = p.brand_id
            left join product_translations pt on pt.product_id = l.product_id and pt.locale = ${locale}
            where l.order_id = ${o.id} order by l.article_code, l.id`,
      );
      const costCentre = budgets ? await budgets.ofOrder(db, o.id) : null;
      return {
        id: o.id,
        number: o.number,
        date: iso(o.placed_at),
        status: o.status,
        products: lines.length,
        ordered_by: o.ordered_by ?? '',
        total_incl_vat: o.total_cents,
        delivery: { address: address(o.id, 'delivery', o.delivery_address), tracking_url: null, delivered_at: o.delivered_at ? iso(o.delivered_at) : null },
        invoice: { address: address(o.id, 'invoice', o.invoice_address), invoice_number: null },
        external_order_number: o.external_reference,
        remarks: o.remarks,
        case_manager_message: o.case_manager_message,
        order_form_url: `/api/v1/orders/${o.id}/order-form.pdf`,
        awaiting_delivery_confirmation: o.status === 'delivered' && !o.delivery_confirmed_at,
        lines: lines.map((l) => ({
          product_id: l.product_id ?? l.id,
          name: l.description,
          brand: l.brand,
          article_code: l.article_code,
          product_code: l.product_code,
          nsn: l.nsn,
          colour: l.colour,
          size: l.size,
          quantity: l.quantity,
          unit_price: price(l.unit_price_cents, l.vat_rate_bp),
          total: price(l.line_total_cents, l.vat_rate_bp),
        })),
        totals: {
          excl_vat: o.total_cents - o.vat_cents,
          vat: o.vat_cents,
          incl_vat: o.total_cents,
          shipping_excl_vat: o.shipping_cents,
          discount_excl_vat: o.discount_cents,
          vat_mentions: orderVatMentions(o.vat_regime, o.vat_buyer, vatLanguage(locale)),
        },
        cost_centre: costCentre ? { code: costCentre.code, name: costCentre.name } : null,
      };
    },
  };
}
export type OrderReader = ReturnType<typeof createOrderReader>;
