// The development provider: the portal plays the payment provider itself. Its hosted page is
// served by the payments module (`GET /v1/payments/dev/:paymentId`); its state is the portal's own
// `payments` row, read through `statusOf`. Webhooks are signed with HMAC-SHA256 like a real
// provider's, so the webhook route is exercised exactly as in production.
import { randomUUID } from 'node:crypto';
import type { CreatedPayment, CreatePaymentInput, PaymentProvider, PaymentStatus, PaymentWebhookEvent, RefundInput, WebhookRequest } from './provider';
import { SIGNATURE_HEADER, signPayload, verifySignature } from './signature';

export const DEV_PROVIDER = 'dev';

/** Body of a development webhook. */
export interface DevWebhookBody {
  id: string;
  payment_id: string;
  status: PaymentStatus;
}

export interface DevProviderOptions {
  secret: string;
  /** Where the API is served: an origin plus prefix, or a same-origin path (`/api`). */
  apiBaseUrl: string;
  /** The status of a payment as the portal stored it (the dev provider has no state of its own). */
  statusOf(paymentId: string): Promise<PaymentStatus | null>;
}

export interface DevPaymentProvider extends PaymentProvider {
  /** Signs a webhook body as the provider would send it (the hosted page's buttons use it). */
  signWebhook(body: DevWebhookBody, now?: Date): { rawBody: string; headers: Record<string, string> };
}

function header(headers: WebhookRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const STATUSES: readonly PaymentStatus[] = ['pending', 'paid', 'failed', 'cancelled', 'expired'];

export function createDevProvider(options: DevProviderOptions): DevPaymentProvider {
  return {
    name: DEV_PROVIDER,

    async createPayment(_input: CreatePaymentInput): Promise<CreatedPayment> {
      const paymentId = `dev_${randomUUID()}`;
      return { paymentId, hostedUrl: `${options.apiBaseUrl}/v1/payments/dev/${paymentId}` };
    },

    async fetchStatus(paymentId: string): Promise<PaymentStatus> {
      return (await options.statusOf(paymentId)) ?? 'expired';
    },

    async verifyWebhook(request: WebhookRequest): Promise<PaymentWebhookEvent | null> {
      if (!verifySignature(options.secret, request.rawBody, header(request.headers, SIGNATURE_HEADER))) return null;
      let body: Partial<DevWebhookBody>;
      try {
        body = JSON.parse(request.rawBody) as Partial<DevWebhookBody>;
      } catch {
        return null;
      }
      if (typeof body.id !== 'string' || typeof body.payment_id !== 'string' || !STATUSES.includes(body.status as PaymentStatus)) return null;
      return { eventId: body.id, paymentId: body.payment_id, status: body.status as PaymentStatus };
    },

    // No money moved, none to give back: the refund is recorded like a real one (decision 036).
    async refund(input: RefundInput) {
      return { refundId: `dev_re_${input.idempotencyKey}` };
    },

    // It keeps no refunds of its own: a lost answer is impossible (the call never leaves the process).
    async refundOf() {
      return null;
    },

    signWebhook(body: DevWebhookBody, now?: Date) {
      const rawBody = JSON.stringify(body);
      return { rawBody, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(options.secret, rawBody, now) } };
    },
  };
}
