// A budget's period starts on its first day in Europe/Brussels (the buyers' calendar): an order
// placed at 00:30 on 1 April Brussels time (22:30 UTC on 31 March) is April's. The start is computed
// by the database from its own clock in the charging statement, so every instance agrees.
import { sql, type SQL } from 'drizzle-orm';

export const BUDGET_TIME_ZONE = 'Europe/Brussels';

/**
 * The first day (a `date`) of the period of `period` ('month' | 'quarter' | 'year', a column or value)
 * that holds the moment `at` (a timestamptz; the database's `now()` unless a test names one).
 */
export function periodStartSql(period: SQL, at: SQL = sql`now()`): SQL {
  return sql`(date_trunc(${period}::text, ${at} at time zone ${BUDGET_TIME_ZONE}))::date`;
}
