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
