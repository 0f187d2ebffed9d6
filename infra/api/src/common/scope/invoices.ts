// Which invoices and credit notes a caller may see: those of the orders they may see (orders.ts).
// An organisation's documents follow the organisation rule; a web-shop customer's (no organisation)
// are those of the orders they placed without one.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../caller';
import type { Column } from './column';
import { organisationScope } from './organisation';

/** The invoice's owner columns: its organisation (null for a web-shop order's) and its order. */
export interface InvoiceColumns {
  organisation: Column;
  order: Column;
}

export function invoiceScope(caller: Caller, columns: InvoiceColumns): SQL {
  if (caller.kind === 'customer' && !caller.organisationId) {
    return sql`(${columns.organisation} is null and ${columns.order} in (select id from orders where organisation_id is null and user_id = ${caller.userId}))`;
  }
  return organisationScope(caller, columns.organisation);
}
