// What the cart owner reads of other owners' tables, and why (decision 065). Its code imports
// another owner's table only from here, and the ownership test (architecture/table-ownership.test.ts)
// allows it exactly the reads below, in Drizzle or in SQL text; it never writes them.
export { shippingRates } from '../checkout/tables';

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  addresses: "the cart's shipping estimate reads the default delivery address's country",
  shipping_rates: "the cart's \"free from\" is typed from the rate's column (its read is common/shipping-rates')",
};
