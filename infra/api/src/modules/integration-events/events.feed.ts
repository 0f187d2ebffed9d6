// The pull feed (decision 051). A bigserial position is taken when a row is inserted, not when it
// commits: a transaction that took position 5 may commit after one that took 6, and a poller that
// had read up to 6 would never see 5. So the feed pages by `feed_position`, which a sequencer gives
// after commit: it numbers, in one transaction at a time (a tried advisory lock), the committed
// events that have none yet. An event that commits later is numbered by a later sequencer run, after
// everything numbered (and so served) before: no poller can skip it. Each read runs the sequencer
// first (if another read is running it, this read serves what is numbered and the next one the
// rest). The cursor is the last event's feed position.
import { asc, gt, isNotNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { INTEGRATION_EVENT_ERRORS, type IntegrationEvent, type IntegrationEventType } from '@portal/shared/schemas';
import type { Db } from '../../db/client';
import { integrationEvents } from './tables';
import { rowShape, typedRows, type RowOf } from '../../db/typed-rows';
import { feedSequencerTryLock } from '../../common/locks';
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
  feed_position: integrationEvents.feedPosition,
});
export type EventRow = RowOf<typeof eventRow>;


/** The feed position in `after`; 400 EVENTS_CURSOR_INVALID for anything this feed did not hand out. */
export function parseCursor(after: string): number {
  if (!/^\d{1,15}$/.test(after)) {
    throw new AppError(400, INTEGRATION_EVENT_ERRORS.CURSOR_INVALID, 'after is not a cursor of this feed: pass the next_cursor of the previous page, or leave it out to start from the first event');
  }
  return Number(after);
}

/** An event's cursor: its feed position, or (a webhook's body, before the sequencer ran) empty. */
export const formatCursor = (row: Pick<EventRow, 'feed_position'>) => (row.feed_position === null ? '' : String(row.feed_position));

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

/** Numbers the committed events that have no feed position yet, unless another transaction is doing it. */
export async function sequenceFeed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [lock] = await typedRows(tx, rowShape({ locked: v.boolean() }), sql`select ${feedSequencerTryLock()} as locked`);
    if (!lock?.locked) return;
    // Hand-written: numbered in position order from the sequence, in one statement.
    await tx.execute(sql`
      with numbered as (
        select s.position, nextval('integration_feed_position_seq') as feed_position
        from (select position from integration_events where feed_position is null order by position limit 10000) s)
      update integration_events e set feed_position = numbered.feed_position
      from numbered where e.position = numbered.position`);
  });
}

/** Up to `limit` events after the feed position `after`, in feed order (the sequencer runs first). */
export async function readFeed(db: Db, after: number | null, limit: number): Promise<EventRow[]> {
  await sequenceFeed(db);
  return db
    .select(eventRow)
    .from(integrationEvents)
    .where(after === null ? isNotNull(integrationEvents.feedPosition) : gt(integrationEvents.feedPosition, after))
    .orderBy(asc(integrationEvents.feedPosition))
    .limit(limit);
}
