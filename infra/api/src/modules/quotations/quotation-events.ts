// A quotation's steps for the supplier's systems (decision 066): each history row but a draft's
// edits publishes `quotation.<step>` with the quotation's facts at that step, recorded through the
// integration-events owner's outbox in the step's own transaction (a trigger did until 066).
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { QUOTATION_EVENTS } from '@portal/shared/schemas';
import type { Db, Tx } from '../../db/client';
import { rowShape, typedRows } from '../../db/typed-rows';
import type { EventsPort } from '../integration-events/contract';
import { quotationHistory, quotations } from './tables';

export type QuotationStep = (typeof QUOTATION_EVENTS)[number];

/** The quotation as its event carries it, read in the statement that writes the history row. */
const factsRow = rowShape({
  quotation_id: quotations.id,
  quotation_number: quotations.number,
  organisation_id: quotations.organisationId,
  status: quotations.status,
  /** As text: the date the ERP reads (YYYY-MM-DD), whatever the driver makes of a date. */
  valid_until: v.nullable(v.string()),
  order_id: quotations.orderId,
});

/** Writes a quotation's history row and, but for a draft's edit, records its event on the same transaction. */
export async function writeQuotationHistory(tx: Tx | Db, events: EventsPort, id: string, event: QuotationStep, by: string | null, note: string | null = null): Promise<void> {
  if (event === 'edited') {
    // A draft's edits stay the buyer's business.
    await tx.insert(quotationHistory).values({ quotationId: id, event, byUserId: by, note });
    return;
  }
  const [facts] = await typedRows(
    tx,
    factsRow,
    sql`with h as (insert into quotation_history (quotation_id, event, by_user_id, note) values (${id}, ${event}, ${by}, ${note}))
        select id as quotation_id, number as quotation_number, organisation_id, status, valid_until::text as valid_until, order_id from quotations where id = ${id}`,
  );
  await events.record(tx, { type: `quotation.${event}`, aggregate_type: 'quotation', data: facts! });
}
