// The orders a caller may see: their organisation's (customers) or their assigned organisations'
// (case managers, sales consultants; organisations.case_manager_id / sales_consultant_id). Every
// query starts from `organisationScope`, so another organisation's order is simply not there.
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_LIST_COUNT_CAP, type OrderStatus } from '@portal/shared/schemas';
import { organisationScope, type CustomerCaller, type StaffCaller } from '../../caller';
import { rows, type Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import type { AddressSnapshot } from '../../db/schema/orders';

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

export interface OrderRow {
  id: string;
  number: string;
  placed_at: Date | string;
  status: OrderStatus;
  products: number;
  ordered_by: string | null;
  total_cents: number;
  external_reference: string | null;
  organisation_id: string;
  organisation_name: string;
  unread: number;
  expected_delivery_on: string | null;
  delivery_confirmed_at: Date | string | null;
}

export interface OrderDetailRow extends OrderRow {
  remarks: string | null;
  delivery_address: AddressSnapshot;
  invoice_address: AddressSnapshot;
  submitter: { full_name?: string; function?: string } | null;
  shipping_method: Record<string, string> | null;
  tracking_reference: string | null;
  delivery_confirmed_by: string | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  vat_cents: number;
}

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

function where(viewer: Viewer, f: Omit<ListFilter, 'limit' | 'offset'>): SQL {
  const parts: SQL[] = [organisationScope(viewer, orders.organisationId)];
  if (f.status) parts.push(sql`orders.status = ${f.status}`);
  if (f.from) parts.push(sql`orders.placed_at >= ${f.from}::date`);
  if (f.to) parts.push(sql`orders.placed_at < ${f.to}::date + 1`);
  if (f.organisation) parts.push(sql`orders.organisation_id = ${f.organisation}`);
  if (f.q) {
    const like = contains(f.q);
    // A union of ids, each arm on its own trigram index (orders.number / external_reference,
    // order_lines.description / article_code): an OR across the two tables, or a correlated EXISTS,
    // reads every order of the organisation. Product name and code are the line's snapshot.
    parts.push(sql`orders.id in (select o.id from orders o where o.number ilike ${like} or o.external_reference ilike ${like}
      union select l.order_id from order_lines l where l.description ilike ${like} or l.article_code ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

export function createOrderHistoryRepository(db: Db) {
  return {
    async list(viewer: Viewer, f: ListFilter): Promise<{ rows: OrderRow[]; total: number }> {
      const cond = where(viewer, f);
      const [found, [count]] = await Promise.all([
        rows<OrderRow>(
          db,
          sql`select ${SUMMARY(viewer)} from orders join organisations org on org.id = orders.organisation_id left join users u on u.id = orders.user_id
              where ${cond} order by orders.placed_at desc, orders.id desc limit ${f.limit} offset ${f.offset}`,
        ),
        // Counted up to the cap: an exact count of 100 000 orders costs more than the page itself.
        rows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from orders where ${cond} limit ${ORDER_LIST_COUNT_CAP + 1}) c`),
      ]);
      return { rows: found, total: count?.n ?? 0 };
    },

    async detail(viewer: Viewer, by: { number: string } | { id: string }) {
      const key = 'number' in by ? sql`orders.number = ${by.number}` : sql`orders.id = ${by.id}`;
      const [order] = await rows<OrderDetailRow>(
        db,
        sql`select ${SUMMARY(viewer)}, orders.remarks, orders.delivery_address, orders.invoice_address, orders.submitter, sm.name as shipping_method,
              orders.tracking_reference, orders.subtotal_cents, orders.discount_cents, orders.shipping_cents, orders.vat_cents,
              nullif(trim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')), '') as delivery_confirmed_by
            from orders join organisations org on org.id = orders.organisation_id left join users u on u.id = orders.user_id
            left join users cu on cu.id = orders.delivery_confirmed_by_user_id left join shipping_methods sm on sm.id = orders.shipping_method_id
            where ${key} and ${organisationScope(viewer, orders.organisationId)}`,
      );
      if (!order) return null;
      const [lines, history] = await Promise.all([
        rows<{ id: string; product_id: string | null; slug: string | null; article_code: string; description: string; nsn: string | null; quantity: number; unit_price_cents: number; vat_rate_bp: number; line_total_cents: number }>(
          db,
          sql`select l.id, l.product_id, p.slug, l.article_code, l.description, l.nsn, l.quantity, l.unit_price_cents, l.vat_rate_bp, l.line_total_cents
              from order_lines l left join products p on p.id = l.product_id where l.order_id = ${order.id} order by l.article_code, l.id`,
        ),
        rows<{ status: OrderStatus; changed_at: Date | string; by: string | null; note: string | null }>(
          db,
          sql`select h.status, h.changed_at, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as by, h.note
              from order_status_history h left join users u on u.id = h.changed_by_user_id where h.order_id = ${order.id} order by h.changed_at, h.id`,
        ),
      ]);
      return { order, lines, history };
    },
  };
}
export type OrderHistoryRepository = ReturnType<typeof createOrderHistoryRepository>;
