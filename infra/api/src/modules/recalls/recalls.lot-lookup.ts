// Whether a scanned lot is under recall (decision 075): the same coverage rule as the shipments'
// guard (recalls.receivers.ts coversSql), asked for one lot of one GTIN, with the recall's reference
// as the buyer is told it (its own id where the recall was opened without one).
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { typedRows } from '../../db/typed-rows';
import type { LotRecallPort } from './contract';
import { coversSql } from './recalls.receivers';

export const lotRecallLookup: LotRecallPort = {
  async recallOf(db, gtin, lot) {
    const [found] = await typedRows(
      db,
      { reference: v.string() },
      sql`select coalesce(r.reference, r.id::text) as reference from recalls r
          where ${coversSql({ gtin, lot, expiryOn: null, serialNumbers: [] })} order by r.opened_at desc limit 1`,
    );
    return found ?? null;
  },
};
