// A shipment as the buyer's order page shows it (decision 050): its own small module, so the orders
// entry every order page starts with carries this view and not the warehouse report's schemas
// (shipments.ts, which re-exports it).
import * as v from 'valibot';
import { IdSchema, IsoDateSchema, NullableTextSchema } from './fields';

/** One shipped line, as the ERP and the buyer read it. */
export const ShipmentLineSchema = v.object({
  order_line_id: IdSchema,
  article_code: v.string(),
  description: v.string(),
  quantity: v.pipe(v.number(), v.integer()),
  lot: NullableTextSchema,
  expiry_on: v.nullable(IsoDateSchema),
  serial_numbers: v.array(v.string()),
});

/** A shipment as the buyer's order page shows it (GET /v1/my-orders/:number `shipments`). */
export const OrderShipmentSchema = v.object({
  shipment_id: v.string(),
  carrier: v.string(),
  tracking_reference: v.string(),
  tracking_url: NullableTextSchema,
  shipped_on: IsoDateSchema,
  expected_delivery_on: IsoDateSchema,
  lines: v.array(ShipmentLineSchema),
});
export type OrderShipment = v.InferOutput<typeof OrderShipmentSchema>;

