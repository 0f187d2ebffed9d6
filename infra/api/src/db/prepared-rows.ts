// Rows of a hot hand-written statement, run as a named prepared statement on PostgreSQL (issue 31).
// Planning the catalogue's statements often cost more than running them at 1M products: the detail
// (one statement of five subqueries, catalog/detail-query.ts) ~6 ms against ~1 ms, an index page
// 1-2 ms against 0.5-1.6 ms. A prepared statement is planned once per pooled connection (after
// PostgreSQL's five custom plans, a generic one when it is estimated to cost no more). Only for
// statements whose text does not vary with the data: a list of values is one array parameter
// (catalog-query.ts inList), since each text stays prepared on every connection. PGlite runs it as
// an ordinary query.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { toRows, type RowOf, type RowShape } from './typed-rows';

const dialect = new PgDialect();

export async function preparedRows<S extends RowShape>(db: Db, shape: S, query: SQL): Promise<RowOf<S>[]> {
  const built = dialect.sqlToQuery(query);
  // The name is the text's: the same statement text always gets the same name, another text another.
  const name = `p_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: Record<string, unknown>[] };
  return toRows(shape, result.rows);
}
