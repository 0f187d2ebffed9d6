// What the orders owner reads of other owners' tables, and why (decision 065). Its code imports
// another owner's table only from here, and the ownership test (architecture/table-ownership.test.ts)
// allows it exactly the reads below, in Drizzle or in SQL text; it never writes them.
export { organisations, users } from '../accounts/tables';
export { brands, products } from '../catalog/tables';
export { shippingMethods } from '../checkout/tables';
export { payments } from '../payments/tables';

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  addresses: "the address book's snapshots are read with the key's claim (one round trip); who may see which is common/scope's",
  brands: "an order's lines show the product's brand (orders.read.ts)",
  memberships: 'who in the organisation receives a message about the order',
  organisations: 'order documents and history name the organisation',
  payments: "a replayed answer carries the pending payment's page (orders.idempotency.ts)",
  procurement_orders: "an order's page shows the procurement system it came from (cXML or Peppol, decision 053)",
  product_translations: "an order's lines are named in the reader's language where the catalogue has the product (decision 043)",
  products: "an order's lines show the product's current brand and image (orders.read.ts); a shipment's line takes the product's GTIN (decision 074)",
  shipping_methods: "the order's shipping method's name",
  staff: 'the history names the staff member who moved the order',
  users: "the buyer's e-mail and first name for the confirmation, in placement's statement",
};
