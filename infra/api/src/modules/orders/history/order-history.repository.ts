// The orders a caller may see: their organisation's (customers) or their assigned organisations'
// (case managers, sales consultants; organisations.case_manager_id / sales_consultant_id), and a
// web-shop customer without an organisation their own. Every query starts from `orderScope`
// (the by-id read's rule too), so another organisation's or person's order is simply not there.
import { sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { ORDER_LIST_COUNT_CAP, type OrderStatus } from '@portal/shared/schemas';
import type { CustomerCaller, StaffCaller } from '../../../caller';
import { orderScope } from '../../../common/scope';
import type { Db } from '../../../db/client';
import { orderLines, orders, orderStatusHistory } from '../tables';
import { organisations, products, shippingMethods } from '../links';
import { nullable, rowShape, typedRows, type RowOf } from '../../../db/typed-rows';

export type Viewer = CustomerCaller | StaffCaller;

export interface ListFilter {
  q?: string;
  status?: OrderStatus;
  from?: string;
  to?: string;
  organisation?: string;
  limit: number;
  offset: number;
}

const summaryRow = rowShape({
  id: orders.id,
  number: orders.number,
  placed_at: orders.placedAt,
  status: orders.status,
  products: v.number(),
  ordered_by: v.nullable(v.string()),
  total_cents: orders.totalCents,
  external_reference: orders.externalReference,
  /** Null for a web-shop order placed without an organisation. */
  organisation_id: orders.organisationId,
  organisation_name: nullable(organisations.name),
  unread: v.number(),
  expected_delivery_on: orders.expectedDeliveryOn,
  delivery_confirmed_at: orders.deliveryConfirmedAt,
});
export type OrderRow = RowOf<typeof summaryRow>;

const detailRow = rowShape({
  ...summaryRow,
  remarks: orders.remarks,
  delivery_address: orders.deliveryAddress,
  invoice_address: orders.invoiceAddress,
  submitter: orders.submitter,
  shipping_method: nullable(shippingMethods.name),
  tracking_reference: orders.trackingReference,
  delivery_confirmed_by: v.nullable(v.string()),
  /** The procurement system that sent the order (decision 053); null: placed in the portal. */
  source: v.nullable(v.picklist(['cxml', 'peppol'] as const)),
  subtotal_cents: orders.subtotalCents,
  discount_cents: orders.discountCents,
  shipping_cents: orders.shippingCents,
  vat_cents: orders.vatCents,
  vat_regime: orders.vatRegime,
  vat_buyer: orders.vatBuyer,
});
export type OrderDetailRow = RowOf<typeof detailRow>;

/** A line; `description` is the product's name in the reader's language, else the line's snapshot. */
const lineRow = rowShape({
  id: orderLines.id,
  product_id: orderLines.productId,
  slug: nullable(products.slug),
  article_code: orderLines.articleCode,
  description: v.string(),
  nsn: orderLines.nsn,
  quantity: orderLines.quantity,
  unit_price_cents: orderLines.unitPriceCents,
  vat_rate_bp: orderLines.vatRateBp,
  line_total_cents: orderLines.lineTotalCents,
});

const historyRow = rowShape({ status: orderStatusHistory.status, changed_at: orderStatusHistory.changedAt, by: v.nullable(v.string()), note: orderStatusHistory.note });
const countRow = rowShape({ n: v.number() });
const probeRow = rowShape({ id: orders.id, hits: v.number() });

/** `%text%` for ILIKE, with the pattern characters taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Messages from the other side: staff wrote it (for a customer), a customer wrote it (for staff). */
export function unreadFor(viewer: Viewer): SQL {
  const byStaff = sql`exists (select 1 from staff st where st.user_id = m.author_user_id)`;
  return sql`(select count(*)::int from order_messages m where m.order_id = orders.id and m.read_at is null and ${viewer.kind === 'staff' ? sql`not ${byStaff}` : byStaff})`;
}

const SUMMARY = (viewer: Viewer) => sql`orders.id, orders.number, orders.placed_at, orders.status, orders.total_cents, orders.external_reference,
  orders.organisation_id, org.name as organisation_name, orders.expected_delivery_on::text as expected_delivery_on, orders.delivery_confirmed_at,
  (select count(*)::int from order_lines l where l.order_id = orders.id) as products,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as ordered_by,
  ${unreadFor(viewer)} as unread`;

/** The filters other than the search, each served by an (organisation[, status], placed_at) index. */
function where(viewer: Viewer, f: Omit<ListFilter, 'limit' | 'offset' | 'q'>): SQL {
  const parts: SQL[] = [orderScope(viewer, { organisation: orders.organisationId, user: orders.userId })];
  if (f.status) parts.push(sql`orders.status = ${f.status}`);
  if (f.from) parts.push(sql`orders.placed_at >= ${f.from}::date`);
  if (f.to) parts.push(sql`orders.placed_at < ${f.to}::date + 1`);
  if (f.organisation) parts.push(sql`orders.organisation_id = ${f.organisation}`);
  return sql.join(parts, sql` and `);
}

/**
 * The search as a union of ids, each arm on its own trigram index (orders.number /
 * external_reference, order_lines.description / article_code): cheap when few orders match, but it
 * gathers every match before the newest are picked. Product name and code are the line's snapshot.
 */
function matchByIndex(q: string): SQL {
  const like = contains(q);
  return sql`orders.id in (select o.id from orders o where o.number ilike ${like} or o.external_reference ilike ${like}
    union select l.order_id from order_lines l where l.description ilike ${like} or l.article_code ilike ${like})`;
}

/**
 * The same search tested on one order: cheap per order, so right while walking the date index. A
 * scalar subquery with a limit, not EXISTS: PostgreSQL turns an EXISTS into a hash of every matching
 * line (130 000 for a product on most orders) before testing the first order.
 */
function matchPerOrder(q: string): SQL {
  const like = contains(q);
  return sql`(orders.number ilike ${like} or orders.external_reference ilike ${like}
    or coalesce((select true from order_lines l where l.order_id = orders.id and (l.description ilike ${like} or l.article_code ilike ${like}) limit 1), false))`;
}

const NEWEST_FIRST = sql`order by orders.placed_at desc, orders.id desc`;
/** How many of the newest orders the search is first tried on (see `list`). */
const PROBE_WINDOW = 200;
/** From this share of matches in the probe on, counting by walking is cheaper than the union. */
const DENSE_SEARCH = 0.25;
/** A dense search counts up to this many orders ("More than 1,000 orders"). */
const DENSE_COUNT_CAP = 1000;

export function createOrderHistoryRepository(db: Db) {
  /**
   * One page of summaries. `page` picks the orders (conditions, order, limit, offset) on ids alone;
   * the summary's subqueries and joins run for the page only, not for every row an offset skips.
   */
  function summaries(viewer: Viewer, page: SQL): Promise<OrderRow[]> {
    return typedRows(
      db,
      summaryRow,
      sql`select ${SUMMARY(viewer)} from (select orders.id from orders where ${page}) p join orders on orders.id = p.id
          left join organisations org on org.id = orders.organisation_id left join users u on u.id = orders.user_id ${NEWEST_FIRST}`,
    );
  }

  return {
    /** `total` is counted up to `cap` + 1: beyond `cap` the list says "more than `cap`". */
    async list(viewer: Viewer, f: ListFilter): Promise<{ rows: OrderRow[]; total: number; cap: number }> {
      const cond = where(viewer, f);
      // Counted up to the cap: an exact count of 100 000 orders costs more than the page itself.
      const countWhere = (c: SQL, cap = ORDER_LIST_COUNT_CAP) =>
        typedRows(db, countRow, sql`select count(*)::int as n from (select 1 from orders where ${c} limit ${cap + 1}) c`).then(([r]) => r?.n ?? 0);
      if (!f.q) {
        const [found, total] = await Promise.all([summaries(viewer, sql`${cond} ${NEWEST_FIRST} limit ${f.limit} offset ${f.offset}`), countWhere(cond)]);
        return { rows: found, total, cap: ORDER_LIST_COUNT_CAP };
      }
      // A broad search (a product on most orders) is answered from the newest orders: try it on the
      // newest PROBE_WINDOW of the filter; if they hold the page, that is the page, and the share of
      // matches says how to count. A narrow search (an order number) falls back to the union of
      // trigram index hits, which never reads orders that do not match.
      const need = f.offset + f.limit;
      const window = Math.max(PROBE_WINDOW, need * 2);
      const probe = await typedRows(
        db,
        probeRow,
        sql`select orders.id, (count(*) over ())::int as hits
            from (select orders.id, orders.placed_at, orders.number, orders.external_reference from orders where ${cond} ${NEWEST_FIRST} limit ${window}) orders
            where ${matchPerOrder(f.q)} ${NEWEST_FIRST} limit ${need}`,
      );
      if (probe.length === need) {
        const ids = probe.slice(f.offset).map((r) => r.id);
        // A dense search is counted by testing orders one by one, and only up to a lower cap (always
        // some pages past this one): every order tested costs a look at its lines, and counting
        // 10 000 of them takes longer than the page. A sparser one is counted on the indexes.
        const dense = (probe[0]?.hits ?? 0) / window >= DENSE_SEARCH;
        const cap = dense ? Math.max(DENSE_COUNT_CAP, need + 5 * f.limit) : ORDER_LIST_COUNT_CAP;
        const [found, total] = await Promise.all([
          summaries(viewer, sql`orders.id in ${ids} ${NEWEST_FIRST}`),
          countWhere(sql`${cond} and ${dense ? matchPerOrder(f.q) : matchByIndex(f.q)}`, cap),
        ]);
        return { rows: found, total, cap };
      }
      const byIndex = sql`${cond} and ${matchByIndex(f.q)}`;
      const [found, total] = await Promise.all([summaries(viewer, sql`${byIndex} ${NEWEST_FIRST} limit ${f.limit} offset ${f.offset}`), countWhere(byIndex)]);
      return { rows: found, total, cap: ORDER_LIST_COUNT_CAP };
    },

    async detail(viewer: Viewer, by: { number: string } | { id: string }, locale: string) {
      const key = 'number' in by ? sql`orders.number = ${by.number}` : sql`orders.id = ${by.id}`;
      const [order] = await typedRows(
        db,
        detailRow,
        sql`select ${SUMMARY(viewer)}, orders.remarks, orders.delivery_address, orders.invoice_address, orders.submitter, sm.name as shipping_method,
              orders.tracking_reference, orders.subtotal_cents, orders.discount_cents, orders.shipping_cents, orders.vat_cents, orders.vat_regime, orders.vat_buyer,
              nullif(trim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')), '') as delivery_confirmed_by,
              (select po.channel from procurement_orders po where po.order_id = orders.id limit 1) as source
            from orders left join organisations org on org.id = orders.organisation_id left join users u on u.id = orders.user_id
            left join users cu on cu.id = orders.delivery_confirmed_by_user_id left join shipping_methods sm on sm.id = orders.shipping_method_id
            where ${key} and ${orderScope(viewer, { organisation: orders.organisationId, user: orders.userId })}`,
      );
      if (!order) return null;
      const [lines, history] = await Promise.all([
        typedRows(
          db,
          lineRow,
          // The product's name in the reader's language where the catalogue has it (a Dutch buyer's
          // order read by an English case manager); the line's snapshot when it has not, or the
          // product is gone.
          sql`select l.id, l.product_id, p.slug, l.article_code, coalesce(pt.name, l.description) as description, l.nsn, l.quantity, l.unit_price_cents, l.vat_rate_bp, l.line_total_cents
              from order_lines l left join products p on p.id = l.product_id
              left join product_translations pt on pt.product_id = l.product_id and pt.locale = ${locale}
              where l.order_id = ${order.id} order by l.article_code, l.id`,
        ),
        typedRows(
          db,
          historyRow,
          // A warehouse's move names its integration client (decision 050).
          sql`select h.status, h.changed_at, coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), h.changed_by_client) as by, h.note
              from order_status_history h left join users u on u.id = h.changed_by_user_id where h.order_id = ${order.id} order by h.changed_at, h.id`,
        ),
      ]);
      return { order, lines, history };
    },
  };
}
export type OrderHistoryRepository = ReturnType<typeof createOrderHistoryRepository>;
