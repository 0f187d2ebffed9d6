// What the recalls owner reads of other owners' tables, and why (decision 065). Its code imports
// another owner's table only from here, and the ownership test (architecture/table-ownership.test.ts)
// allows it exactly the reads below, in Drizzle or in SQL text; it never writes them.
export { memberships, organisations, users } from '../accounts/tables';
export { orders } from '../orders/tables';
export { shipmentLines, shipments } from '../shipments/tables';

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  shipment_lines: 'the lot index: which lines carried the recalled GTIN with a recalled lot, serial or expiry (decision 074)',
  shipments: "a recalled line's shipment: its warehouse id, day and order",
  orders: 'who received the units: the order\'s organisation, its buyer and its delivery address',
  organisations: "the receiving organisation's name in the staff's follow-up and the authority's export",
  memberships: "the receiving organisation's administrators are told, and only its members read and answer its notice",
  users: "the people told: their address and language (the mail is in the recipient's language), and who answered",
};
