// What the integration-events owner offers the other owners (decision 065): its ports, as types.
// Another owner imports this file's types only; the composition root (app.ts) hands it the
// implementation (outbox.ts).
import type { SQL } from 'drizzle-orm';
import type { IntegrationEventRecord } from '@portal/shared/schemas';
import type { Db, Tx } from '../../db/client';

/** An event whose data values may be SQL expressions of the caller's statement (an order number the statement draws). */
export type IntegrationEventInStatement = IntegrationEventRecord extends infer E
  ? E extends { data: infer D }
    ? Omit<E, 'data'> & { data: { [K in keyof D]: D[K] | SQL } }
    : never
  : never;

/**
 * The outbox (decision 066, amending 051): the owner of a change records its event in the change's
 * own transaction, so the event commits or rolls back with it. Each records the next `sequence` of
 * its aggregate (an order, its payments included, or a quotation) from `integration_event_streams`,
 * whose row lock is held to commit: a second transaction on the same aggregate waits and takes the
 * next number, so sequence order is commit order. It queues a delivery for every live webhook that
 * wants the type. The feed's position is given after commit (events.feed.ts).
 */
export interface EventsPort {
  /** Records the event on `tx` (one statement). The data is checked against the shared schema. */
  record(tx: Tx | Db, event: IntegrationEventRecord): Promise<void>;
  /**
   * The same as steps of the caller's statement (`name_stream`, `name_event`, `name_deliveries`,
   * each followed by a comma), for statements benchmarked to one round trip (placement): the event is
   * recorded once per row of `from` (a CTE of that statement yielding zero or one row), whose
   * columns the SQL values of its data may name.
   */
  recordSteps(name: string, from: string, event: IntegrationEventInStatement): SQL;
}
