// What the platform owner reads of other owners' tables, and why (decision 065). The ownership test
// (architecture/table-ownership.test.ts) allows it exactly the reads below; it never writes them.

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  outbox: "the metrics' mail queue: depth, oldest waiting message, messages parked as failed (metrics/queue-metrics.ts, decision 071)",
  integration_webhook_deliveries: "the metrics' webhook queue: depth, oldest due delivery, dead deliveries (metrics/queue-metrics.ts)",
  invoice_deliveries: "the metrics' e-invoice queue: depth, oldest delivery in flight, failed deliveries (metrics/queue-metrics.ts)",
};
