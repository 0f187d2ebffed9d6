// Rows that belong to an organisation (quotations, the organisation itself, per-organisation
// statistics): a customer sees their organisation's, staff the organisations assigned to them,
// the system everything, anyone else nothing.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../caller';
import type { Column } from './column';

/** The condition limiting `column` (an organisation id) to the organisations the caller may see. */
export function organisationScope(caller: Caller, column: Column): SQL {
  switch (caller.kind) {
    case 'customer':
      // A web-shop customer has no organisation, so no organisation's rows.
      return caller.organisationId ? sql`${column} = ${caller.organisationId}` : sql`false`;
    case 'staff':
      return sql`${column} in (select id from organisations where case_manager_id = ${caller.userId} or sales_consultant_id = ${caller.userId})`;
    case 'system':
      return sql`true`;
    default:
      return sql`false`;
  }
}
