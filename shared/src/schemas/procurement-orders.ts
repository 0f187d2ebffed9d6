// Orders received from buyers' procurement systems (issue 34): the Peppol order's answer to the
// access point, and the staff's list of received Peppol orders and their Order Responses.
import * as v from 'valibot';
import { IdSchema, TimestampSchema } from './fields';

/** UNCL1225 Order Response codes the portal answers with: accepted, rejected, accepted with changes. */
export const ORDER_RESPONSE_CODES = ['AP', 'RE', 'CA'] as const;
export const OrderResponseCodeSchema = v.picklist(ORDER_RESPONSE_CODES);
/** How the Order Response went back through the access point (not_sent: no access point configured). */
export const ORDER_RESPONSE_STATUSES = ['sent', 'failed', 'not_sent'] as const;

/** Answer of POST /api/integration/v1/peppol/orders: what became of the order, and its response. */
export const ReceivedPeppolOrderSchema = v.object({
  id: IdSchema,
  buyer_order_id: v.string(),
  /** The portal order it became (null: rejected). */
  order_id: v.nullable(IdSchema),
  order_number: v.nullable(v.string()),
  response_code: OrderResponseCodeSchema,
  response_note: v.nullable(v.string()),
  response_status: v.nullable(v.picklist(ORDER_RESPONSE_STATUSES)),
  /** True when the same order had been received before: nothing changed. */
  replayed: v.boolean(),
});
export type ReceivedPeppolOrder = v.InferOutput<typeof ReceivedPeppolOrderSchema>;

/** One received Peppol order on the staff page. */
export const StaffPeppolOrderSchema = v.object({
  id: IdSchema,
  buyer_order_id: v.string(),
  organisation_name: v.nullable(v.string()),
  order_id: v.nullable(IdSchema),
  order_number: v.nullable(v.string()),
  response_code: OrderResponseCodeSchema,
  response_note: v.nullable(v.string()),
  response_status: v.nullable(v.picklist(ORDER_RESPONSE_STATUSES)),
  received_at: TimestampSchema,
});
export const StaffPeppolOrderListSchema = v.object({ items: v.array(StaffPeppolOrderSchema) });
export type StaffPeppolOrder = v.InferOutput<typeof StaffPeppolOrderSchema>;

/** Stable codes of the procurement order routes' refusals. */
export const PROCUREMENT_ORDER_ERRORS = {
  /** The body is not XML the portal reads (not well-formed, a DTD with an internal subset, an entity, over 1 MiB): 400. */
  XML_REFUSED: 'PROCUREMENT_XML_REFUSED',
  /** Well-formed, but not a Peppol Order the portal can answer (no ID, no buyer EndpointID, no lines): 422. */
  NOT_AN_ORDER: 'PROCUREMENT_NOT_AN_ORDER',
} as const;
