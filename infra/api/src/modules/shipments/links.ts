// What the shipments owner reads of other owners' tables, and why (decision 065). Its code imports
// another owner's table only from here, and the ownership test (architecture/table-ownership.test.ts)
// allows it exactly the reads below, in Drizzle or in SQL text; it never writes them.
export { organisations } from '../accounts/tables';
export { products } from '../catalog/tables';
export { orderLines, orders } from '../orders/tables';

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  order_lines: "a shipment's documents (Despatch Advice, delivery note, UDI export) name the order lines it shipped (decision 070)",
  orders: "a shipment's documents state their order's numbers, addresses and buyer organisation; the buyer's downloads are scoped by it",
  organisations: "a Despatch Advice goes to the buyer organisation's Peppol id and names it",
  products: "a shipped line's GTIN, UDI-DI, MDR class and unit make its UDI (decision 070)",
};
