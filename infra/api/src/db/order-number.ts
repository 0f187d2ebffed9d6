// The one format of order numbers: `SO-YYYY-NNNNNN` (issue 27: seeded orders were `SO-2026-010084`,
// placed ones `2026-000052`). The year is the placement year; the number comes from the database
// sequence `order_number_seq`, so concurrent placements never wait on one counter row.
import { sql } from 'drizzle-orm';

/** What an order number looks like (at least six digits: the sequence may pass 999 999). */
export const ORDER_NUMBER_PATTERN = /^SO-\d{4}-\d{6,}$/;

/**
 * SQL for the next order number. At least six digits, never cut: plain `lpad(n, 6)` would truncate
 * 1 000 000 to `100000`, a number already given. `nextval` is read once, in the FROM clause.
 */
export const nextOrderNumber = sql`(select 'SO-' || to_char(now(), 'YYYY') || '-' || lpad(n::text, greatest(6, length(n::text)), '0') from nextval('order_number_seq') as n)`;

/**
 * Moves the sequence past every `SO-` number already in the table (the demo seed writes some), so a
 * new order never meets a seeded number: one series, continued.
 */
export const continueOrderNumbers = sql`select setval('order_number_seq', greatest(
  (select last_value from order_number_seq),
  (select coalesce(max(substr(number, 9)::bigint), 1) from orders where number ~ '^SO-[0-9]{4}-[0-9]+$')))`;
