// The UDIs an organisation received (issue 42, decision 070): what MDR Art. 27(8) asks a health
// institution to store for the class III implantable devices it was supplied (and what it may keep
// for others). One row per unit: per serial number, or per lot when the line has none, with the
// day it shipped, where it went, the order and shipment, the device's identifiers and class, and its
// UDI as a GS1 element string. Scoped by common/scope's orderScope: the caller's organisation's orders.
import { sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { MDR_CLASSES, udiDiOf, type UdiExportQuery } from '@portal/shared/schemas';
import { udiElementString } from '../udi';
import type { Db } from '../../../db/client';
import { rowShape, typedRows } from '../../../db/typed-rows';
import { csvTable } from '../../../common/csv';

export const UDI_EXPORT_COLUMNS = [
  'shipped_on',
  'delivered_to',
  'order_number',
  'your_reference',
  'shipment_id',
  'article_code',
  'product',
  'udi_di',
  'mdr_class',
  'implantable',
  'lot',
  'expiry_on',
  'serial_number',
  'quantity',
  'udi',
] as const;
export type UdiExportRow = Record<(typeof UDI_EXPORT_COLUMNS)[number], string | number | boolean | null>;

const unitRow = rowShape({
  shipped_on: v.string(),
  delivered_to: v.string(),
  order_number: v.string(),
  your_reference: v.nullable(v.string()),
  shipment_id: v.string(),
  article_code: v.string(),
  product: v.string(),
  gtin: v.nullable(v.string()),
  udi_di: v.nullable(v.string()),
  mdr_class: v.picklist(MDR_CLASSES),
  implantable: v.boolean(),
  lot: v.nullable(v.string()),
  expiry_on: v.nullable(v.string()),
  serial_number: v.nullable(v.string()),
  quantity: v.number(),
});

/** The most rows one export answers (a year of a large hospital's implants fits many times over). */
export const UDI_EXPORT_MAX_ROWS = 50_000;

/** The units shipped to the orders `scope` lets the caller see, in the period, oldest first. */
export async function udiExportRows(db: Db, scope: SQL, q: UdiExportQuery): Promise<UdiExportRow[]> {
  const devices = q.devices === 'all' ? sql`p.mdr_class is not null` : sql`p.mdr_class is not null and (p.implantable or p.mdr_class = 'III')`;
  const rows = await typedRows(
    db,
    unitRow,
    sql`select s.shipped_on::text as shipped_on,
               concat_ws(', ', o.delivery_address ->> 'label', o.delivery_address ->> 'city') as delivered_to,
               o.number as order_number, o.external_reference as your_reference, s.external_id as shipment_id,
               ol.article_code, ol.description as product, p.gtin, p.udi_di, p.mdr_class, p.implantable,
               sl.lot, sl.expiry_on::text as expiry_on, u.serial as serial_number,
               case when u.serial is null then sl.quantity else 1 end as quantity
        from shipments s
        join orders o on o.id = s.order_id
        join shipment_lines sl on sl.shipment_id = s.id
        join order_lines ol on ol.id = sl.order_line_id
        join products p on p.id = ol.product_id
        cross join lateral (select unnest(case when cardinality(sl.serial_numbers) = 0 then array[null::text] else sl.serial_numbers end) as serial) u
        where ${scope} and s.shipped_on between ${q.from}::date and ${q.to}::date and ${devices}
          ${q.product ? sql`and ol.article_code = ${q.product}` : sql``}
        order by s.shipped_on, o.number, s.external_id, sl.position, u.serial
        limit ${UDI_EXPORT_MAX_ROWS}`,
  );
  return rows.map((r) => {
    const udiDi = udiDiOf({ udiDi: r.udi_di, gtin: r.gtin });
    let udi: string | null = null;
    if (udiDi) {
      try {
        udi = udiElementString({ gtin: udiDi, lot: r.lot, expiryOn: r.expiry_on, serial: r.serial_number });
      } catch {
        // A lot or serial GS1 cannot carry: the row still says them, without an element string.
      }
    }
    return {
      shipped_on: r.shipped_on,
      delivered_to: r.delivered_to,
      order_number: r.order_number,
      your_reference: r.your_reference,
      shipment_id: r.shipment_id,
      article_code: r.article_code,
      product: r.product,
      udi_di: udiDi,
      mdr_class: r.mdr_class,
      implantable: r.implantable,
      lot: r.lot,
      expiry_on: r.expiry_on,
      serial_number: r.serial_number,
      quantity: r.quantity,
      udi,
    };
  });
}

/** The export in its format: CSV with a header, or one GS1 element string a line (units without one left out). */
export function udiExportBody(rows: UdiExportRow[], format: UdiExportQuery['format']): string {
  if (format === 'gs1') return rows.flatMap((r) => (r.udi ? [`${r.udi}\r\n`] : [])).join('');
  return csvTable(UDI_EXPORT_COLUMNS, rows);
}
