// What the accounts owner reads of other owners' tables, and why (decision 065). Its code imports
// another owner's table only from here, and the ownership test (architecture/table-ownership.test.ts)
// allows it exactly the reads below, in Drizzle or in SQL text; it never writes them.
export { discountCodes } from '../checkout/tables';

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  discount_codes: "the organisation page lists the contract's discount codes",
};
