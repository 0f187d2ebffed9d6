import * as v from 'valibot';

/** Stable error codes of online payment (decision 019). */
export const PAYMENT_ERRORS = {
  /** A webhook whose signature does not hold (or is too old). */
  INVALID_SIGNATURE: 'PAYMENT_INVALID_SIGNATURE',
  /** No such payment at this provider. */
  NOT_FOUND: 'PAYMENT_NOT_FOUND',
  /** The development payment page opened by anyone but the session that placed the order (decision 036). */
  NOT_YOURS: 'PAYMENT_NOT_YOURS',
  /** The development payment page opened with the payer's session expired (sign in again and reopen it). */
  SESSION_ENDED: 'PAYMENT_SESSION_ENDED',
  /** The provider could not be asked about a webhook's payment; the provider sends it again. */
  PROVIDER_UNAVAILABLE: 'PAYMENT_PROVIDER_UNAVAILABLE',
  /**
   * A webhook about a payment the portal has not recorded yet, for an order it has (the webhook
   * overtook the placement's insert): not 2xx, so the provider sends it again (decision 036).
   */
  NOT_RECORDED_YET: 'PAYMENT_NOT_RECORDED_YET',
} as const;

/** The buttons of the development provider's hosted page. */
export const DEV_PAYMENT_OUTCOMES = ['paid', 'failed', 'cancelled', 'expire'] as const;
export type DevPaymentOutcome = (typeof DEV_PAYMENT_OUTCOMES)[number];

export const DevPaymentParamsSchema = v.object({
  paymentId: v.pipe(v.string(), v.regex(/^dev_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)),
});

/** The form post of the development provider's hosted page. */
export const DevPaymentActionSchema = v.object({ outcome: v.picklist(DEV_PAYMENT_OUTCOMES) });

/** A development webhook as it is signed and sent (`x-payment-signature: t=…,v1=…`). */
export const DevPaymentWebhookSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  payment_id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  status: v.picklist(['pending', 'paid', 'failed', 'cancelled', 'expired']),
});

/** Mollie's webhook (form-encoded): only the payment's id; the portal asks Mollie for the rest (decision 036). */
export const MolliePaymentWebhookSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^tr_[A-Za-z0-9]{1,64}$/)),
});

/** What the webhook answers the provider (2xx: do not send this event again). */
export const PaymentWebhookAckSchema = v.object({
  received: v.literal(true),
  result: v.picklist(['applied', 'duplicate', 'unchanged', 'unknown_payment', 'refund_requested']),
});

/** Path parameters of the order routes of the payments and order-documents modules (a UUID). */
export const PaymentOrderParamsSchema = v.object({ id: v.pipe(v.string(), v.uuid()) });
