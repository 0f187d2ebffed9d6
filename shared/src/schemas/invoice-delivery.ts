// The delivery of issued invoices and credit notes (issue 30 "Sending", decision 048): the staff's
// retry of a failed delivery. The statuses themselves are INVOICE_DELIVERY_STATUSES (invoices.ts),
// shown on the invoice pages.
import * as v from 'valibot';
import { inputString } from './fields';
import { InvoiceDeliveryStatusSchema } from './invoices';
import { MESSAGE_KEYS as M } from './messages';

/** Stable codes of the delivery endpoints. */
export const INVOICE_DELIVERY_ERRORS = {
  /** Only the organisation's staff retry a delivery (a customer sees the status, and asks them). */
  STAFF_ONLY: 'INVOICE_DELIVERY_STAFF_ONLY',
  /** Nothing of this invoice's delivery has failed: nothing to retry. */
  NOT_FAILED: 'INVOICE_DELIVERY_NOT_FAILED',
} as const;

/** Path of POST /v1/invoices/{id}/delivery/retry. */
export const InvoiceDeliveryParamsSchema = v.object({ id: v.pipe(inputString(), v.uuid(M.invalidUuid)) });

export const INVOICE_DELIVERY_CHANNELS = ['peppol', 'email'] as const;

/** The invoice's delivery after a retry: its status, and each channel's. */
export const InvoiceDeliveryStateSchema = v.object({
  status: InvoiceDeliveryStatusSchema,
  channels: v.array(
    v.object({
      channel: v.picklist(INVOICE_DELIVERY_CHANNELS),
      status: InvoiceDeliveryStatusSchema,
      attempts: v.pipe(v.number(), v.integer()),
      last_error: v.nullable(v.string()),
    }),
  ),
});
export type InvoiceDeliveryState = v.InferOutput<typeof InvoiceDeliveryStateSchema>;

/**
 * The documents the one delivery mechanism carries (decision 083): issued invoices and credit notes
 * (Peppol and mail), and the shipments' Despatch Advices (Peppol).
 */
export const DELIVERY_DOCUMENT_KINDS = ['invoice', 'despatch_advice'] as const;
export type DeliveryDocumentKind = (typeof DELIVERY_DOCUMENT_KINDS)[number];

/** Stable codes of the Despatch Advice's delivery retry (decision 083). */
export const DESPATCH_DELIVERY_ERRORS = {
  /** No Despatch Advice by this id among the caller's organisations. */
  NOT_FOUND: 'DESPATCH_ADVICE_NOT_FOUND',
} as const;

/** Path of POST /v1/despatch-advices/{id}/delivery/retry. */
export const DespatchDeliveryParamsSchema = InvoiceDeliveryParamsSchema;

/**
 * One delivery that failed and waits for a person, on the staff's page of failed deliveries: an
 * e-invoice (its number) or a shipment's Despatch Advice (the shipment's and the order's numbers).
 */
export const FailedDeliverySchema = v.object({
  /** The delivery row's id (the Peppol message id handed to the access point). */
  id: v.string(),
  document_kind: v.picklist(DELIVERY_DOCUMENT_KINDS),
  /** The invoice's id, or the Despatch Advice's: what the retry names. */
  document_id: v.string(),
  /** The invoice's number, or the shipment's reference. */
  reference: v.string(),
  /** The order the document belongs to (a Despatch Advice's), for the link; null for invoices. */
  order_id: v.nullable(v.string()),
  order_number: v.nullable(v.string()),
  organisation_id: v.nullable(v.string()),
  organisation_name: v.nullable(v.string()),
  channel: v.picklist(INVOICE_DELIVERY_CHANNELS),
  recipient: v.string(),
  attempts: v.pipe(v.number(), v.integer()),
  last_error: v.nullable(v.string()),
  /** When it was given up on (ISO 8601). */
  failed_at: v.string(),
});
export type FailedDelivery = v.InferOutput<typeof FailedDeliverySchema>;

export const FailedDeliveriesSchema = v.object({ items: v.array(FailedDeliverySchema) });
export type FailedDeliveries = v.InferOutput<typeof FailedDeliveriesSchema>;
