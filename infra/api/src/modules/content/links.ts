// What the content owner reads of other owners' tables, and why (decision 065). Its code imports
// another owner's table only from here, and the ownership test (architecture/table-ownership.test.ts)
// allows it exactly the reads below, in Drizzle or in SQL text; it never writes them.
export { organisations, users } from '../accounts/tables';

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  memberships: "a contact request goes to the organisation's case manager",
  organisations: "a contact request names its sender's organisation",
  users: 'a contact request names its sender',
};
