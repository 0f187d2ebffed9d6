// Whose address book: an organisation shares one; a web-shop customer without an organisation has
// their own (by user). The address routes, the cart's delivery country and the placement's address
// check all read the book through this condition.
import { sql, type SQL } from 'drizzle-orm';
import type { Column } from './column';

/** The owner of a book: a customer caller, or a cart's signed-in owner. */
export interface BookOwner {
  userId: string;
  organisationId: string | null;
}

export interface AddressColumns {
  organisation: Column;
  user: Column;
}

/** The condition selecting the owner's book among addresses. */
export function addressBookScope(owner: BookOwner, columns: AddressColumns): SQL {
  return owner.organisationId
    ? sql`${columns.organisation} = ${owner.organisationId}`
    : sql`(${columns.organisation} is null and ${columns.user} = ${owner.userId})`;
}
