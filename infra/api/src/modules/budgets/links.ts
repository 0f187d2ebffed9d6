// What the budgets owner reads of other owners' tables, and why (decision 065). Its code imports
// another owner's table only from here, and the ownership test (architecture/table-ownership.test.ts)
// allows it exactly the reads below, in Drizzle or in SQL text; it never writes them.

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  memberships: "the administrator's role is read on every call, and assigned buyers must be the organisation's members",
  organisations: "an administrator sets a default cost centre for the organisation's Peppol identity: its participant id is listed (decision 059)",
  procurement_identities: "an administrator sets a default cost centre per procurement system: the organisation's cXML identities are listed (decision 059)",
};
