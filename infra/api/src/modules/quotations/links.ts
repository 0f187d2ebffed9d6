// What the quotations owner reads of other owners' tables, and why (decision 065). Its code imports
// another owner's table only from here, and the ownership test (architecture/table-ownership.test.ts)
// allows it exactly the reads below, in Drizzle or in SQL text; it never writes them.
export { organisations } from '../accounts/tables';
export { products } from '../catalog/tables';

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  contract_prices: "a quotation request starts from the organisation's contract prices",
  contracts: "a quotation request starts from the organisation's contract",
  organisations: 'staff see which organisation asked',
  product_translations: 'a quotation request names the products',
  products: 'a quotation request prices and names the products',
  users: 'staff see who asked',
};
