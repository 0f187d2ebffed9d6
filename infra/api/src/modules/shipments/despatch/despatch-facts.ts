// The facts of a shipment's documents (decision 070): its order's numbers and addresses, the buyer
// organisation and its Peppol id, and each shipped line with its product's GTIN, UDI-DI, MDR class and
// unit, read in one statement per shipment. The Despatch Advice and the delivery note render from it.
import { sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { MdrClass, StoredAddressSnapshot } from '@portal/shared/schemas';
import { gtin14, udiDiOf } from '@portal/shared/schemas';
import type { Db, Tx } from '../../../db/client';
import { rowShape, typedRows } from '../../../db/typed-rows';
import { unitCode } from '../../../common/unit-codes';
import type { DespatchAddress, DespatchLineFacts } from './despatch-advice';

export interface ShipmentDocumentFacts {
  shipmentId: string;
  externalId: string;
  orderId: string;
  orderNumber: string;
  externalReference: string | null;
  organisationId: string | null;
  organisationName: string | null;
  /** The buyer's Peppol participant id (`scheme:id`); null: none (no Despatch Advice). */
  peppolParticipantId: string | null;
  deliveryAddress: StoredAddressSnapshot;
  invoiceAddress: StoredAddressSnapshot;
  carrier: string;
  trackingReference: string;
  shippedOn: string;
  expectedDeliveryOn: string;
  lines: (DespatchLineFacts & { mdrClass: MdrClass | null; implantable: boolean })[];
}

const jsonObject = v.record(v.string(), v.unknown());
const factsRow = rowShape({
  shipment_id: v.string(),
  external_id: v.string(),
  order_id: v.string(),
  order_number: v.string(),
  external_reference: v.nullable(v.string()),
  organisation_id: v.nullable(v.string()),
  organisation_name: v.nullable(v.string()),
  peppol_participant_id: v.nullable(v.string()),
  delivery_address: jsonObject,
  invoice_address: jsonObject,
  carrier: v.string(),
  tracking_reference: v.string(),
  shipped_on: v.string(),
  expected_delivery_on: v.string(),
  lines: v.array(jsonObject),
});

const lineShape = v.object({
  order_line_no: v.number(),
  article_code: v.string(),
  description: v.string(),
  gtin: v.nullable(v.string()),
  udi_di: v.nullable(v.string()),
  mdr_class: v.nullable(v.picklist(['I', 'IIa', 'IIb', 'III'])),
  implantable: v.nullable(v.boolean()),
  unit: v.nullable(v.string()),
  quantity: v.number(),
  lot: v.nullable(v.string()),
  expiry_on: v.nullable(v.string()),
  serial_numbers: v.array(v.string()),
});

/** Which shipment: by id (the system's documents), or by its order's number and the warehouse's id within a caller's scope. */
export type ShipmentKey = { id: string } | { orderNumber: string; externalId: string; scope: SQL };

/**
 * The shipment's facts, or null when there is none, or when `scope` (common/scope's orderScope over
 * `o`) does not let the caller see its order: another organisation's shipment is not found.
 */
export async function shipmentDocumentFacts(db: Db | Tx, key: ShipmentKey): Promise<ShipmentDocumentFacts | null> {
  const where = 'id' in key ? sql`s.id = ${key.id}` : sql`o.number = ${key.orderNumber} and s.external_id = ${key.externalId} and ${key.scope}`;
  const [row] = await typedRows(
    db,
    factsRow,
    sql`select s.id::text as shipment_id, s.external_id, o.id::text as order_id, o.number as order_number, o.external_reference,
               o.organisation_id::text as organisation_id, org.name as organisation_name, org.peppol_participant_id,
               o.delivery_address, o.invoice_address, s.carrier, s.tracking_reference, s.shipped_on::text as shipped_on,
               s.expected_delivery_on::text as expected_delivery_on,
               (select coalesce(json_agg(json_build_object(
                   'order_line_no', ol.no, 'article_code', ol.article_code, 'description', ol.description,
                   'gtin', p.gtin, 'udi_di', p.udi_di, 'mdr_class', p.mdr_class, 'implantable', p.implantable, 'unit', p.unit,
                   'quantity', sl.quantity, 'lot', sl.lot, 'expiry_on', sl.expiry_on::text, 'serial_numbers', sl.serial_numbers) order by sl.position), '[]'::json)
                from shipment_lines sl
                join (select id, article_code, description, product_id, row_number() over (order by article_code, id)::int as no
                      from order_lines where order_id = o.id) ol on ol.id = sl.order_line_id
                left join products p on p.id = ol.product_id
                where sl.shipment_id = s.id) as lines
        from shipments s
        join orders o on o.id = s.order_id
        left join organisations org on org.id = o.organisation_id
        where ${where}`,
  );
  if (!row) return null;
  return {
    shipmentId: row.shipment_id,
    externalId: row.external_id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    externalReference: row.external_reference,
    organisationId: row.organisation_id,
    organisationName: row.organisation_name,
    peppolParticipantId: row.peppol_participant_id,
    deliveryAddress: row.delivery_address as StoredAddressSnapshot,
    invoiceAddress: row.invoice_address as StoredAddressSnapshot,
    carrier: row.carrier,
    trackingReference: row.tracking_reference,
    shippedOn: row.shipped_on,
    expectedDeliveryOn: row.expected_delivery_on,
    lines: row.lines.map((raw) => {
      const l = v.parse(lineShape, raw);
      return {
        orderLineNo: l.order_line_no,
        articleCode: l.article_code,
        name: l.description,
        gtin: l.gtin ? gtin14(l.gtin) : null,
        udiDi: udiDiOf({ udiDi: l.udi_di, gtin: l.gtin }),
        mdrClass: l.mdr_class,
        implantable: l.implantable ?? false,
        quantity: l.quantity,
        unitCode: unitCode(l.unit ?? 'piece'),
        lot: l.lot,
        expiryOn: l.expiry_on,
        serialNumbers: l.serial_numbers,
      };
    }),
  };
}

/** An order's address snapshot as a document's address. */
export const despatchAddress = (a: StoredAddressSnapshot): DespatchAddress => ({
  street: `${a.street} ${a.nr}`.trim(),
  additionalStreet: a.box || null,
  city: a.city,
  postalCode: a.postal_code,
  country: a.country,
});
