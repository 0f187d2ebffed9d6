// The integration clients' own rows (their webhooks and those webhooks' deliveries, decision 051):
// a client sees its own, the supplier's staff all of them (the staff page, as its list of clients),
// anyone else none.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../caller';
import type { Column } from './column';

/** The condition limiting `column` (an integration client id) to the clients whose rows the caller may see. */
export function integrationClientScope(caller: Caller, column: Column): SQL {
  switch (caller.kind) {
    case 'integration':
      return sql`${column} = ${caller.clientId}`;
    case 'staff':
    case 'system':
      return sql`true`;
    default:
      return sql`false`;
  }
}
