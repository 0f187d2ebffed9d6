// What the payments owner reads of other owners' tables, and why (decision 065). Its code imports
// another owner's table only from here, and the ownership test (architecture/table-ownership.test.ts)
// allows it exactly the reads below, in Drizzle or in SQL text; it never writes them.
export { orders } from '../orders/tables';

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  order_status_history: 'when an order without a pending payment became payment_pending (the expiry job)',
  orders: "a payment's order: its number, status and payer, the orders waiting for payment (read and locked, changed through the orders port)",
};
