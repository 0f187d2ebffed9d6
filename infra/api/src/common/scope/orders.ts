// Which orders (and per-order rows: documents, payments, messages, status) a caller may see. The
// by-id read, the lists, the documents, the payment retry and the widgets all take this one rule.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../caller';
import type { Column } from './column';
import { organisationScope } from './organisation';

/** The order's owner columns: its organisation (null for a web-shop order) and the user who placed it. */
export interface OrderColumns {
  organisation: Column;
  user: Column;
}

/** The columns of the orders table under the alias `o`, as most hand-written queries name it. */
export const ORDER_ALIAS_O: OrderColumns = { organisation: sql`o.organisation_id`, user: sql`o.user_id` };

/**
 * The orders a caller may see: a customer in an organisation that organisation's, a web-shop
 * customer (no organisation) their own orders placed without one, staff their assigned
 * organisations', the system all; anonymous sessions and visitors none (an anonymous payer reaches
 * their order through the payer session, never through this scope).
 */
export function orderScope(caller: Caller, columns: OrderColumns): SQL {
  if (caller.kind === 'customer' && !caller.organisationId) return sql`(${columns.organisation} is null and ${columns.user} = ${caller.userId})`;
  return organisationScope(caller, columns.organisation);
}

/** The orders a caller may act on as the buyer (retry a payment): the visible ones, for customers only. */
export function customerOrderScope(caller: Caller, columns: OrderColumns): SQL {
  return caller.kind === 'customer' ? orderScope(caller, columns) : sql`false`;
}
