// What the invoices owner reads of other owners' tables, and why (decision 065). Its code imports
// another owner's table only from here, and the ownership test (architecture/table-ownership.test.ts)
// allows it exactly the reads below, in Drizzle or in SQL text; it never writes them.
export { contracts, organisations, users } from '../accounts/tables';
export { products } from '../catalog/tables';
export { discountCodes } from '../checkout/tables';
export { orderLines, orders } from '../orders/tables';

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  contracts: "the due date follows the contract's payment terms",
  discount_codes: "an invoice names the order's discount code",
  order_lines: 'an invoice states the order lines it invoices or credits',
  order_status_history: "the demo's invoices are dated the day their order shipped",
  orders: "an invoice states its order's facts, read (the row locked) in the issuing transaction; the pages show the order's numbers",
  organisations: 'an invoice names its buyer (identifiers, VAT status, Peppol id, billing e-mail)',
  products: "an invoice line states the product's GTIN, unit and VAT category",
  users: "an invoice is in the ordering user's language and names them as contact",
};
