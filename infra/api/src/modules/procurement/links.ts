// What the procurement owner reads of other owners' tables, and why (decision 065). Its code imports
// another owner's table only from here, and the ownership test (architecture/table-ownership.test.ts)
// allows it exactly the reads below, in Drizzle or in SQL text; it never writes them.
export { memberships, organisations, users } from '../accounts/tables';

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  addresses: "a procurement order's delivery party is matched against the organisation's address book",
  memberships: "a procurement identity's user must be an active member of its organisation; a procurement order is placed in the name of an active member (the identity's user, or the primary contact)",
  orders: 'the staff list and a replayed Peppol answer name the order number',
  organisations: "a Peppol order's buyer party is matched to the organisation by its participant id and the staff list names it; the punchout command and the demo identities name it",
  users: "a procurement order's submitter is its user's name; the operator's punchout command and the demo identities name the identity's user by e-mail",
};
