// What the catalog owner reads of other owners' tables, and why (decision 065). Its code imports
// another owner's table only from here, and the ownership test (architecture/table-ownership.test.ts)
// allows it exactly the reads below, in Drizzle or in SQL text; it never writes them.
export { contracts } from '../accounts/tables';
export { orders } from '../orders/tables';

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  contracts: 'an imported contract price names its contract by number (contract-price-import.ts)',
  order_lines: "the catalogue's 'ordered before' widget",
  orders: "the catalogue's 'ordered before' widget",
};
