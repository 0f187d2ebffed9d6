// Generates a shipment history for the recalls benchmark (issue 42, decision 074): orders of both
// demo organisations with four lines of ten units each, shipped in two parcels (partial shipments),
// each parcel line split over two lots, over four GTINs and 4 000 lots (a lot reaches some sixty
// shipment lines at a million), so that `lines` shipment lines (rounded up to 16) exist. In SQL
// (generate_series); idempotent up to `lines`.
import { asc, count, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, orders, organisations } from '../db/schema';

/** The GTINs (GTIN-14) the generated lines carry; the benchmark recalls a lot of the first. */
export const LARGE_SHIPMENT_GTINS = ['05410000000019', '05410000000026', '05410000000033', '05410000000040'] as const;

export async function generateLargeShipments(db: Db, options: { lines: number }): Promise<{ added: number; total: number }> {
  const members = await db
    .select({ organisationId: organisations.id, userId: memberships.userId })
    .from(organisations)
    .innerJoin(memberships, eq(memberships.organisationId, organisations.id))
    .orderBy(asc(organisations.name), asc(memberships.userId));
  const [a, b] = [...new Map(members.map((m) => [m.organisationId, m])).values()];
  if (!a || !b) throw new Error('the demo organisations are missing: seed the demo data first');
  const wanted = Math.ceil(options.lines / 16);
  const [have] = await db.select({ n: count() }).from(orders).where(like(orders.number, 'LOT-%'));
  const start = have!.n + 1;
  const end = wanted;
  if (end >= start) {
    const address = sql`'{"label":"Central store","street":"Kaai","nr":"1","postal_code":"2000","city":"Antwerpen","country":"BE"}'::jsonb`;
    await db.execute(sql`
      insert into orders (number, organisation_id, user_id, status, delivery_address, invoice_address, subtotal_cents, vat_cents, total_cents)
      select 'LOT-' || lpad(i::text, 8, '0'), case when i % 3 = 0 then ${b.organisationId}::uuid else ${a.organisationId}::uuid end,
             case when i % 3 = 0 then ${b.userId}::uuid else ${a.userId}::uuid end, 'in_shipping', ${address}, ${address}, 40000, 8400, 48400
      from generate_series(${start}::int, ${end}::int) as i`);
    await db.execute(sql`analyze orders`);
    await db.execute(sql`
      insert into order_lines (order_id, article_code, description, quantity, unit_price_cents, vat_rate_bp, line_total_cents)
      select o.id, 'LOT-LINE-' || j, 'Generated device', 10, 1000, 2100, 10000
      from orders o cross join generate_series(0, 3) as j
      where o.number like 'LOT-%' and substr(o.number, 5)::int between ${start} and ${end}`);
    await db.execute(sql`analyze order_lines`);
    await db.execute(sql`
      insert into shipments (order_id, external_id, request_hash, client_name, carrier, tracking_reference, shipped_on, expected_delivery_on)
      select o.id, o.number || '-P' || k, 'generated', 'Generated warehouse', 'bpost', o.number || '-T' || k,
             date '2025-01-01' + (substr(o.number, 5)::int % 600) + k, date '2025-01-04' + (substr(o.number, 5)::int % 600) + k
      from orders o cross join generate_series(1, 2) as k
      where o.number like 'LOT-%' and substr(o.number, 5)::int between ${start} and ${end}`);
    await db.execute(sql`analyze shipments`);
    await db.execute(sql`
      insert into shipment_lines (shipment_id, position, order_line_id, quantity, gtin, lot, expiry_on, serial_numbers)
      select s.id, j * 2 + p, l.id, case when p = 0 then 3 else 2 end,
             (${`{${LARGE_SHIPMENT_GTINS.join(',')}}`}::text[])[1 + (n + j) % 4], 'L' || ((n * 7 + j * 5 + k * 3 + p) % 4000),
             date '2027-01-01' + ((n * 3 + j + p * 11) % 365), case when p = 1 then array['SN-' || n || '-' || j || '-' || k] else '{}'::text[] end
      from shipments s
      join orders o on o.id = s.order_id
      join order_lines l on l.order_id = o.id
      cross join lateral (select substr(o.number, 5)::int as n, substr(s.external_id, length(s.external_id))::int as k, substr(l.article_code, 10)::int as j) x
      cross join generate_series(0, 1) as p
      where o.number like 'LOT-%' and substr(o.number, 5)::int between ${start} and ${end}`);
    await db.execute(sql`analyze shipment_lines`);
  }
  const [total] = await db.execute(sql`select count(*)::int as n from shipment_lines sl join shipments s on s.id = sl.shipment_id where s.client_name = 'Generated warehouse'`).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
  return { added: Math.max(0, end - start + 1) * 16, total: total!.n };
}
