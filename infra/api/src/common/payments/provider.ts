// The seam between the portal and an online payment provider (issue 13, decision 019). The
// checkout asks for a payment and sends the buyer to the provider's hosted page; the provider tells
// the portal the outcome through a webhook it verifies its own way (a signature, or asking the
// provider as Mollie wants), and the portal can ask for the status itself and refund a payment.
// Nothing outside a provider knows how it signs, names or stores its payments.

/** The buyer's language: the hosted page and the return page follow it. */
export type PaymentLocale = 'en' | 'nl' | 'fr';

export interface CreatePaymentInput {
  orderId: string;
  orderNumber: string;
  /** Amount to pay including VAT, in cents. */
  amountCents: number;
  /** ISO 4217, e.g. EUR. */
  currency: string;
  locale: PaymentLocale;
  /** Where the buyer's browser goes after the hosted page (the confirmation page). */
  returnUrl: string;
}

export interface CreatedPayment {
  /** The provider's id of the payment (the key of the `payments` row). */
  paymentId: string;
  /** The hosted page the buyer is sent to. */
  hostedUrl: string;
}

/** Where a payment stands at the provider. */
export const PAYMENT_OUTCOMES = ['paid', 'failed', 'cancelled', 'expired'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];
export type PaymentStatus = 'pending' | PaymentOutcome;

/** A verified webhook: one event about one payment. `eventId` is unique per event (de-duplication). */
export interface PaymentWebhookEvent {
  eventId: string;
  paymentId: string;
  status: PaymentStatus;
  /** The order the provider says the payment is for (its metadata), when it keeps one. */
  orderId?: string | undefined;
}

export interface RefundInput {
  paymentId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** The same key for every attempt at one refund: the provider makes a retry a replay. */
  idempotencyKey: string;
}

/** What a webhook request carries, as the route received it (the raw body: signatures cover bytes). */
export interface WebhookRequest {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface PaymentProvider {
  /** Stable name, stored with each payment (`payments.provider`) and used in the webhook URL. */
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  fetchStatus(paymentId: string): Promise<PaymentStatus>;
  /** The event when the webhook is genuine; null when it is not (the route answers 401). */
  verifyWebhook(request: WebhookRequest): Promise<PaymentWebhookEvent | null>;
  /** Gives a paid payment's money back; the provider's refund id. */
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /**
   * The refund the provider already holds for a payment (not failed or cancelled there), or null.
   * Asked before each refund attempt: an attempt whose answer was lost may have been taken, and
   * the provider's idempotency window may be over by the next attempt (decision 036).
   */
  refundOf(paymentId: string): Promise<{ refundId: string } | null>;
}

/**
 * What the checkout's placement needs: create a payment for an order it has just committed. The
 * payments module implements it (records the payment, then asks the provider); app.ts passes it.
 */
export type PaymentStarter = Pick<PaymentProvider, 'createPayment'>;
