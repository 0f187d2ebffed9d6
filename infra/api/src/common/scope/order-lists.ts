// Which order lists a caller may see, and who may manage one (decision 056). A list belongs to one
// organisation: a customer sees, in their ACTIVE organisation only, their own lists and the ones
// shared with it; another user's private list and every other organisation's lists are not there
// (answered as not found, so their existence does not leak). Staff and web-shop customers see none.
import { sql, type SQL } from 'drizzle-orm';
import type { Caller, CustomerCaller } from '../../caller';
import { hasAuthority } from './authority';
import type { Column } from './column';

export interface OrderListColumns {
  organisation: Column;
  owner: Column;
  shared: Column;
}

/** The condition limiting lists to the ones the caller may see (and so order from and edit the lines of). */
export function orderListScope(caller: Caller, c: OrderListColumns): SQL {
  if (caller.kind !== 'customer' || !caller.organisationId) return sql`false`;
  return sql`(${c.organisation} = ${caller.organisationId} and (${c.owner} = ${caller.userId} or ${c.shared}))`;
}

/** Renaming, sharing and deleting: the list's author, or an administrator of its organisation (the list is visible to them). */
export const mayManageOrderList = (caller: CustomerCaller, ownerUserId: string): boolean => caller.userId === ownerUserId || hasAuthority(caller, 'administer');
