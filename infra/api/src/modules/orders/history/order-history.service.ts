// My orders: the list (newest first, search, filters, paging) and the detail of one order, for a
// customer (their organisation; a web-shop customer without one: their own), or staff (assigned organisations). Staff and customers see the same
// order shape; `next_statuses` and the delivery flags say what the caller may do with it.
import {
  API_ERRORS,
  ORDER_HISTORY_ERRORS,
  ORDER_LIST_PAGE_SIZE,
  type OrderDetail,
  type OrderList,
  type OrderListItem,
  type OrderListQuery,
  type OrderShipment,
} from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import { canConfirmDelivery, canReportProblem, deliveryDue, nextStatuses, todayUtc } from '../../../common/order-transitions';
import { AppError } from '../../../errors';
import type { AddressSnapshot } from '../tables';
import type { OrderHistoryRepository, OrderRow, Viewer } from './order-history.repository';
import { vatLanguage } from '../../../common/vat/vat-buyer';
import { orderVatMentions } from '../../../common/vat/vat-category';

/** Only a signed-in person has orders to look at (a web-shop customer too: one account, both shops). */
export function requireViewer(caller: Caller): Viewer {
  if (caller.kind === 'staff' || caller.kind === 'customer') return caller;
  throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to see orders');
}

const iso = (d: Date) => d.toISOString();

function facts(row: OrderRow) {
  return { expectedDeliveryOn: row.expected_delivery_on, deliveryConfirmedAt: row.delivery_confirmed_at, today: todayUtc() };
}

function summary(row: OrderRow): OrderListItem {
  const f = facts(row);
  return {
    id: row.id,
    number: row.number,
    date: iso(row.placed_at),
    status: row.status,
    products: row.products,
    ordered_by: row.ordered_by ?? '',
    total_incl_vat: row.total_cents,
    external_order_number: row.external_reference,
    organisation_name: row.organisation_name,
    unread_messages: row.unread,
    awaiting_delivery_confirmation: row.status === 'delivered' ? !row.delivery_confirmed_at : row.status === 'in_shipping' && deliveryDue(f),
  };
}

/** A stored `{ en, nl, fr }` text in `locale`, else English (a locale the text lacks). */
const inLocale = (text: Partial<Record<string, string>>, locale: string) => text[locale] ?? text.en ?? null;

const address = (a: AddressSnapshot) => ({
  label: a.label,
  street: a.street,
  nr: a.nr,
  box: a.box ?? null,
  postal_code: a.postal_code,
  city: a.city,
  country: a.country,
  email: a.email ?? null,
  phone: a.phone ?? null,
});

export interface OrderHistoryDeps {
  repo: OrderHistoryRepository;
  /** The order's shipments (the shipments module's read port, decision 050); left out: none shown. */
  shipments?: (orderId: string, lines: readonly { id: string; article_code: string; description: string }[]) => Promise<OrderShipment[]>;
  /** The cost centre the order was charged to (the budgets module's port, decision 054); left out: none shown. */
  costCentre?: (orderId: string) => Promise<{ code: string; name: string; over_budget_cents: number } | null>;
}

export function createOrderHistoryService(deps: OrderHistoryDeps) {
  const { repo } = deps;

  async function detail(caller: Caller, by: { number: string } | { id: string }, locale: string): Promise<OrderDetail> {
    const viewer = requireViewer(caller);
    const found = await repo.detail(viewer, by, locale);
    if (!found) throw new AppError(404, ORDER_HISTORY_ERRORS.NOT_FOUND, 'No such order');
    const { order, lines, history } = found;
    const f = facts(order);
    const customer = viewer.kind === 'customer';
    // Confirming delivery and reporting a problem go through the organisation's case manager, whom
    // a web-shop order (no organisation) does not have: not offered there.
    const casework = customer && order.organisation_id !== null;
    const shipments = deps.shipments ? await deps.shipments(order.id, lines) : [];
    const costCentre = deps.costCentre ? await deps.costCentre(order.id) : null;
    return {
      ...summary(order),
      organisation_id: order.organisation_id,
      remarks: order.remarks,
      delivery_address: address(order.delivery_address),
      invoice_address: address(order.invoice_address),
      shipping_method: order.shipping_method ? inLocale(order.shipping_method, locale) : null,
      tracking_reference: order.tracking_reference,
      expected_delivery_on: order.expected_delivery_on,
      delivery_confirmed_at: order.delivery_confirmed_at ? iso(order.delivery_confirmed_at) : null,
      delivery_confirmed_by: order.delivery_confirmed_by,
      source: order.source,
      submitter: order.submitter?.full_name ? { full_name: order.submitter.full_name, function: order.submitter.function ?? '' } : null,
      lines: lines.map((l) => ({
        id: l.id,
        product_id: l.product_id,
        slug: l.slug,
        article_code: l.article_code,
        description: l.description,
        nsn: l.nsn,
        quantity: l.quantity,
        unit_price_excl_vat: l.unit_price_cents,
        vat_rate_bp: l.vat_rate_bp,
        line_total_excl_vat: l.line_total_cents,
      })),
      totals: {
        excl_vat: order.subtotal_cents - order.discount_cents + order.shipping_cents,
        vat: order.vat_cents,
        incl_vat: order.total_cents,
        shipping_excl_vat: order.shipping_cents,
        discount_excl_vat: order.discount_cents,
        vat_mentions: orderVatMentions(order.vat_regime, order.vat_buyer, vatLanguage(locale)),
      },
      history: history.map((h) => ({ status: h.status, at: iso(h.changed_at), by: h.by, note: h.note })),
      next_statuses: customer ? [] : nextStatuses('staff', order.status, f),
      can_confirm_delivery: casework && canConfirmDelivery(order.status, f),
      can_report_problem: casework && canReportProblem(order.status),
      order_form_url: `/api/v1/orders/${order.id}/order-form.pdf`,
      shipments,
      cost_centre: costCentre,
    };
  }

  return {
    async list(caller: Caller, q: OrderListQuery): Promise<OrderList> {
      const viewer = requireViewer(caller);
      const page = q.page ?? 1;
      const pageSize = q.page_size ?? ORDER_LIST_PAGE_SIZE;
      const { rows, total, cap } = await repo.list(viewer, { ...q, limit: pageSize, offset: (page - 1) * pageSize });
      return { items: rows.map(summary), total: Math.min(total, cap), total_capped: total > cap, page, page_size: pageSize };
    },
    detail,
  };
}
export type OrderHistoryService = ReturnType<typeof createOrderHistoryService>;
