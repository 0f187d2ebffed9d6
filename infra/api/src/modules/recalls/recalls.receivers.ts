// "Who received these units" (issue 42, decision 074): one query over the shipments' lot index
// (shipment_lines by (gtin, lot), (gtin, expiry_on) and the GIN on serial_numbers), joined to the
// shipment, the order and its organisation. A line matches by GTIN and any of the recall's lots,
// expiry range or serial numbers; its units are the line's quantity when lot or expiry matched,
// else the number of its serials the recall names.
import { sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db, Tx } from '../../db/client';
import { typedRows, type RowOf } from '../../db/typed-rows';
import { orders, organisations, shipmentLines, shipments } from './links';

/** What a recall covers: one GTIN-14 and its lots, serial numbers and expiry range (any of them). */
export interface RecallCriteria {
  gtin: string;
  lots: readonly string[];
  serialNumbers: readonly string[];
  expiryFrom: string | null;
  expiryTo: string | null;
}

/** One shipment line that delivered covered units. */
const receivedLine = {
  shipment_id: shipmentLines.shipmentId,
  position: shipmentLines.position,
  external_id: shipments.externalId,
  shipped_on: v.string(),
  order_id: orders.id,
  order_number: orders.number,
  organisation_id: orders.organisationId,
  organisation_name: { nullable: organisations.name },
  user_id: orders.userId,
  delivery_address: v.string(),
  lot: shipmentLines.lot,
  expiry_on: v.nullable(v.string()),
  serial_numbers: shipmentLines.serialNumbers,
  units: v.number(),
} as const;
export type ReceivedLine = RowOf<typeof receivedLine>;

/** The order's delivery address on one line, as the follow-up and the export show it (orders aliased `o`). */
export const DELIVERY_ADDRESS = sql.raw(`concat_ws(', ', o.delivery_address->>'label', trim(concat_ws(' ', o.delivery_address->>'street', o.delivery_address->>'nr', o.delivery_address->>'box')),
                     trim(concat_ws(' ', o.delivery_address->>'postal_code', o.delivery_address->>'city')), o.delivery_address->>'country')`);

const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/** The WHERE of the lot index for `c`, and whether a line's whole quantity is covered. */
function match(c: RecallCriteria): { where: SQL; whole: SQL; serials: SQL } {
  const whole: SQL[] = [];
  if (c.lots.length) whole.push(sql`sl.lot = any(${textArray(c.lots)})`);
  if (c.expiryFrom || c.expiryTo) {
    whole.push(sql`(sl.expiry_on is not null${c.expiryFrom ? sql` and sl.expiry_on >= ${c.expiryFrom}::date` : sql``}${c.expiryTo ? sql` and sl.expiry_on <= ${c.expiryTo}::date` : sql``})`);
  }
  const serials = c.serialNumbers.length ? textArray(c.serialNumbers) : null;
  const wholeSql = whole.length ? sql.join(whole, sql` or `) : sql`false`;
  const any = serials ? sql`(${wholeSql} or sl.serial_numbers && ${serials})` : sql`(${wholeSql})`;
  return {
    where: sql`sl.gtin = ${c.gtin} and ${any}`,
    whole: sql`(${wholeSql})`,
    serials: serials ? sql`array(select unnest(sl.serial_numbers) intersect select unnest(${serials}) order by 1)` : sql`'{}'::text[]`,
  };
}

/** Every shipment line that delivered units `c` covers, oldest shipment first. */
export async function receivedLines(db: Db | Tx, c: RecallCriteria): Promise<ReceivedLine[]> {
  const m = match(c);
  return typedRows(db, receivedLine, sql`
    select sl.shipment_id, sl.position, s.external_id, s.shipped_on::text as shipped_on, o.id as order_id, o.number as order_number,
           o.organisation_id, org.name as organisation_name, o.user_id,
           ${DELIVERY_ADDRESS} as delivery_address,
           sl.lot, sl.expiry_on::text as expiry_on,
           case when ${m.whole} then sl.serial_numbers else ${m.serials} end as serial_numbers,
           case when ${m.whole} then sl.quantity else cardinality(${m.serials}) end as units
    from shipment_lines sl
    join shipments s on s.id = sl.shipment_id
    join orders o on o.id = s.order_id
    left join organisations org on org.id = o.organisation_id
    where ${m.where}
    order by s.shipped_on, s.recorded_at, sl.shipment_id, sl.position`);
}

/** Whether any open recall covers a line of `gtin` with this lot, expiry and serials (the shipments' guard); a closed one no longer does (decision 080). */
export function coversSql(line: { gtin: string; lot: string | null; expiryOn: string | null; serialNumbers: readonly string[] }): SQL {
  return sql`r.gtin = ${line.gtin} and r.closed_at is null and (
      ${line.lot}::text = any(r.lots)
      or (${line.expiryOn}::date is not null and (r.expiry_from is not null or r.expiry_to is not null)
          and (r.expiry_from is null or ${line.expiryOn}::date >= r.expiry_from) and (r.expiry_to is null or ${line.expiryOn}::date <= r.expiry_to))
      or r.serial_numbers && ${textArray(line.serialNumbers)})`;
}
