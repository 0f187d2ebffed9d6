// The pull feed (decision 051). A bigserial position is taken when a row is inserted, not when it
// commits: a transaction that took position 5 may commit after one that took 6, and a poller that
// had read up to 6 would never see 5. So the feed never pages by position alone: it serves only
// events written by transactions older than the oldest one still running (`txid` below
// pg_snapshot_xmin of the reading statement's snapshot: every such transaction has ended, so no
// event can still appear among them), in (txid, position) order. Every event that commits later
// belongs to a transaction at or above that horizon, so it sorts after every cursor handed out so
// far. The price: a long-running transaction anywhere in the database holds the feed back until it
// ends (the README says so). The cursor is `<txid>-<position>` of the last event read.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { INTEGRATION_EVENT_ERRORS, type IntegrationEvent, type IntegrationEventType } from '@portal/shared/schemas';
import type { Db } from '../../db/client';
import { integrationEvents } from '../../db/schema/index';
import { rowShape, typedRows, type RowOf } from '../../db/typed-rows';
import { AppError } from '../../errors';

export const eventRow = rowShape({
  position: integrationEvents.position,
  id: integrationEvents.id,
  type: integrationEvents.type,
  aggregate_type: integrationEvents.aggregateType,
  aggregate_id: integrationEvents.aggregateId,
  sequence: integrationEvents.sequence,
  occurred_at: integrationEvents.occurredAt,
  payload: integrationEvents.payload,
  txid: v.string(),
});
export type EventRow = RowOf<typeof eventRow>;

/** The columns of eventRow, for a select (an alias `e` of integration_events). */
export const EVENT_COLUMNS = sql.raw('e.position, e.id, e.type, e.aggregate_type, e.aggregate_id, e.sequence, e.occurred_at, e.payload, e.txid::text as txid');

const MAX_BIGINT = 2n ** 63n - 1n;
const MAX_XID8 = 2n ** 64n - 1n;

export interface Cursor {
  txid: string;
  position: string;
}

export const formatCursor = (row: Pick<EventRow, 'txid' | 'position'>) => `${row.txid}-${row.position}`;

/** The cursor in `after`; 400 EVENTS_CURSOR_INVALID for anything this feed did not hand out. */
export function parseCursor(after: string): Cursor {
  const match = /^(\d{1,20})-(\d{1,19})$/.exec(after);
  if (!match || BigInt(match[1]!) > MAX_XID8 || BigInt(match[2]!) > MAX_BIGINT) {
    throw new AppError(400, INTEGRATION_EVENT_ERRORS.CURSOR_INVALID, 'after is not a cursor of this feed: pass the next_cursor of the previous page, or leave it out to start from the first event');
  }
  return { txid: match[1]!, position: match[2]! };
}

/** An event as the feed lists it and a webhook's body carries it. */
export function toEvent(row: EventRow): IntegrationEvent {
  return {
    id: row.id,
    type: row.type as IntegrationEventType,
    cursor: formatCursor(row),
    aggregate_type: row.aggregate_type as IntegrationEvent['aggregate_type'],
    aggregate_id: row.aggregate_id,
    sequence: row.sequence,
    occurred_at: row.occurred_at.toISOString(),
    data: row.payload,
  };
}

/** Up to `limit` events after `cursor`, oldest first, only from transactions that have all ended. */
export async function readFeed(db: Db, cursor: Cursor | null, limit: number): Promise<EventRow[]> {
  const after = cursor ? sql`and (e.txid, e.position) > (${cursor.txid}::xid8, ${cursor.position}::bigint)` : sql``;
  // Hand-written: the horizon and the row comparison have no Drizzle form.
  return typedRows(
    db,
    eventRow,
    sql`select ${EVENT_COLUMNS} from integration_events e
        where e.txid < pg_snapshot_xmin(pg_current_snapshot()) ${after}
        order by e.txid, e.position
        limit ${limit}`,
  );
}
