// Mollie (decision 036) through its official client: Bancontact, iDEAL and cards on Mollie's hosted
// checkout. Mollie's webhook carries only `id=tr_…` and no signature: it is verified the way Mollie
// documents, by fetching that payment from Mollie's API with the portal's key. What the portal then
// believes is what Mollie answered, never what the request said. The webhook has no event id either:
// the event is the payment id with the status fetched, so a redelivery of the same news is a
// duplicate while a later change (open → paid) is a new event.
import { createMollieClient, Locale, MollieApiError, PaymentMethod, type Payment } from '@mollie/api-client';
import { paymentDescription } from './descriptions';
import type { CreatedPayment, CreatePaymentInput, PaymentLocale, PaymentProvider, PaymentStatus, PaymentWebhookEvent, RefundInput, WebhookRequest } from './provider';

export const MOLLIE_PROVIDER = 'mollie';

export interface MollieProviderOptions {
  apiKey: string;
  /** Root of the API (`…/v2/`); unset: Mollie's own. */
  apiEndpoint?: string | undefined;
  /** Absolute URL of `POST /api/v1/payments/webhook/mollie`, as Mollie can reach it. */
  webhookUrl: string;
}

/** Belgian shops first: the buyer's language with Belgian conventions (Mollie shows amounts its way). */
const LOCALES: Record<PaymentLocale, Locale> = { en: Locale.en_US, nl: Locale.nl_BE, fr: Locale.fr_BE };

/** The ways Belgian and Dutch buyers pay (decision 036). */
const METHODS = [PaymentMethod.bancontact, PaymentMethod.ideal, PaymentMethod.creditcard];

/** Mollie's statuses in the portal's words: `open`, `pending` and `authorized` still wait for money. */
const STATUS_OF: Record<string, PaymentStatus> = {
  open: 'pending',
  pending: 'pending',
  authorized: 'pending',
  paid: 'paid',
  failed: 'failed',
  canceled: 'cancelled',
  expired: 'expired',
};

/** Refund statuses that mean Mollie will not move the money (the refund must be asked for again). */
const GONE_REFUNDS = new Set<string>(['failed', 'canceled']);

/** Mollie's payment ids: `tr_` and letters and digits. Anything else is not asked about. */
const PAYMENT_ID = /^tr_[A-Za-z0-9]{1,64}$/;

/** Cents as Mollie's amount: a string with exactly two decimals, computed without floating point. */
export function mollieAmount(cents: number, currency: string): { currency: string; value: string } {
  const whole = Math.trunc(cents / 100);
  return { currency, value: `${whole}.${String(cents - whole * 100).padStart(2, '0')}` };
}

function statusOf(payment: Pick<Payment, 'status'>): PaymentStatus {
  return STATUS_OF[payment.status] ?? 'pending';
}

export function createMollieProvider(options: MollieProviderOptions): PaymentProvider {
  const client = createMollieClient({
    apiKey: options.apiKey,
    ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
    versionStrings: 'MedTacSupplyPortal/1',
  });

  /** The payment as Mollie knows it; null when Mollie knows no such payment (404). */
  async function fetchPayment(paymentId: string): Promise<Payment | null> {
    try {
      return await client.payments.get(paymentId);
    } catch (error) {
      if (error instanceof MollieApiError && error.statusCode === 404) return null;
      throw error;
    }
  }

  return {
    name: MOLLIE_PROVIDER,

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const payment = await client.payments.create({
        amount: mollieAmount(input.amountCents, input.currency),
        description: paymentDescription(input.locale, input.orderNumber),
        redirectUrl: input.returnUrl,
        webhookUrl: options.webhookUrl,
        locale: LOCALES[input.locale],
        method: METHODS,
        metadata: { order_id: input.orderId, order_number: input.orderNumber },
      });
      const hostedUrl = payment.getCheckoutUrl();
      if (!hostedUrl) throw new Error(`Mollie gave payment ${payment.id} no checkout URL`);
      return { paymentId: payment.id, hostedUrl };
    },

    async fetchStatus(paymentId: string): Promise<PaymentStatus> {
      const payment = await fetchPayment(paymentId);
      return payment ? statusOf(payment) : 'expired';
    },

    async verifyWebhook(request: WebhookRequest): Promise<PaymentWebhookEvent | null> {
      const id = new URLSearchParams(request.rawBody).get('id');
      if (!id || !PAYMENT_ID.test(id)) return null;
      const payment = await fetchPayment(id);
      if (!payment) return null;
      const status = statusOf(payment);
      const metadata = payment.metadata as { order_id?: unknown } | null;
      return {
        eventId: `${payment.id}:${status}`,
        paymentId: payment.id,
        status,
        orderId: typeof metadata?.order_id === 'string' ? metadata.order_id : undefined,
      };
    },

    async refund(input: RefundInput): Promise<{ refundId: string }> {
      const refund = await client.paymentRefunds.create({
        paymentId: input.paymentId,
        amount: mollieAmount(input.amountCents, input.currency),
        description: input.description,
        idempotencyKey: input.idempotencyKey,
      });
      return { refundId: refund.id };
    },

    async refundOf(paymentId: string): Promise<{ refundId: string } | null> {
      // One refund per payment (the whole amount): the first page holds it if there is one.
      const refunds = await client.paymentRefunds.page({ paymentId, limit: 250 });
      const held = refunds.find((r) => !GONE_REFUNDS.has(r.status));
      return held ? { refundId: held.id } : null;
    },
  };
}
