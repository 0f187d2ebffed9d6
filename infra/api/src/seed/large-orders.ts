// Generates orders for the my-orders benchmark (issue 14): `count` orders in one organisation (the
// hospital), two lines each, spread over five years, in every placed status, in SQL (generate_series)
// so that 100 000 orders take seconds. Idempotent up to `count`: only the missing ones are added.
import { asc, count, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, orders, organisations } from '../db/schema';

export async function generateLargeOrders(db: Db, options: { count: number; organisationName?: string }): Promise<{ added: number; total: number }> {
  const [org] = await db
    .select({ id: organisations.id, user_id: memberships.userId })
    .from(organisations)
    .innerJoin(memberships, eq(memberships.organisationId, organisations.id))
    .where(eq(organisations.name, options.organisationName ?? 'Zorggroep Scheldeland'))
    .orderBy(asc(memberships.userId))
    .limit(1);
  if (!org) throw new Error('the demo organisation is missing: seed the demo data first');
  const [have] = await db.select({ n: count() }).from(orders).where(like(orders.number, 'GEN-%'));
  const missing = Math.max(0, options.count - have!.n);
  const start = have!.n + 1;
  const end = have!.n + missing;
  if (missing > 0) {
    await db.transaction(async (tx) => {
      const address = sql`'{"label":"Main","street":"Kaai","nr":"1","postal_code":"2000","city":"Antwerpen","country":"BE"}'::jsonb`;
      await tx.execute(sql`
        insert into orders (number, organisation_id, user_id, status, placed_at, external_reference, delivery_address, invoice_address, subtotal_cents, vat_cents, total_cents)
        select 'GEN-' || lpad(i::text, 7, '0'), ${org.id}, ${org.user_id},
               (array['ordered','processing','to_be_shipped','in_shipping','delivered','delivered','delivered'])[1 + i % 7]::order_status,
               now() - (i * interval '26 minutes'), case when i % 3 = 0 then 'PO-GEN-' || i else null end, ${address}, ${address},
               10000 + i % 5000, 2100, 12100 + i % 5000
        from generate_series(${start}::int, ${end}::int) as i`);
      // Two lines per order, from the first 500 products (names and codes to search for).
      await tx.execute(sql`
        with p as (select id, article_code, row_number() over (order by article_code) as n from products where kind = 'product' order by article_code limit 500)
        insert into order_lines (order_id, product_id, article_code, description, quantity, unit_price_cents, vat_rate_bp, line_total_cents)
        select o.id, p.id, p.article_code, 'Generated line ' || p.article_code, 1 + k, 5000, 2100, 5000 * (1 + k)
        from orders o cross join generate_series(0, 1) as k
        join p on p.n = 1 + ((substr(o.number, 5)::int * 7 + k * 13) % 500)
        where o.number like 'GEN-%' and substr(o.number, 5)::int between ${start} and ${end}`);
      await tx.execute(sql`
        insert into order_status_history (order_id, status, changed_at)
        select id, status, placed_at from orders where number like 'GEN-%' and substr(number, 5)::int between ${start} and ${end}`);
    });
  }
  // Fresh statistics and visibility map (as autovacuum would leave them), or the planner guesses the new rows' spread and picks full scans.
  if (missing > 0) for (const table of ['orders', 'order_lines', 'order_status_history']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  return { added: missing, total: have!.n + missing };
}
