import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A column as the scope conditions take it: a Drizzle column, or an aliased one (sql`o.user_id`). */
export type Column = PgColumn | SQL;
