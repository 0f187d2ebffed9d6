// Chooses the payment provider from the environment (decisions 019, 036): the development provider
// (the portal plays the provider; refused in production by env.ts) or Mollie.
import { randomBytes } from 'node:crypto';
import { createDevProvider } from './dev-provider';
import { createMollieProvider } from './mollie-provider';
import type { PaymentProvider, PaymentStatus } from './provider';

export interface PaymentEnv {
  paymentProvider: 'dev' | 'mollie';
  /** Webhook signing secret of the development provider; unset: one is generated at start. */
  paymentWebhookSecret: string | undefined;
  mollieApiKey?: string | undefined;
  mollieApiEndpoint?: string | undefined;
  /** Origin the provider reaches the portal at (Mollie's webhook URL). */
  publicBaseUrl: string;
}

export interface PaymentProviderDeps {
  /** The stored status of a payment (the development provider keeps no state of its own). */
  statusOf(paymentId: string): Promise<PaymentStatus | null>;
}

export function paymentProviderFromEnv(env: PaymentEnv, deps: PaymentProviderDeps): PaymentProvider {
  switch (env.paymentProvider) {
    case 'dev':
      return createDevProvider({
        // Generated at start when not configured: never committed, never the same twice.
        secret: env.paymentWebhookSecret ?? randomBytes(32).toString('base64url'),
        // The portal serves the page itself: a same-origin path works on whatever host the buyer
        // reached the portal by (PUBLIC_BASE_URL is for mail, and unset in tests and e2e runs).
        apiBaseUrl: '/api',
        statusOf: deps.statusOf,
      });
    case 'mollie':
      if (!env.mollieApiKey) throw new Error('MOLLIE_API_KEY is required with PAYMENT_PROVIDER=mollie');
      return createMollieProvider({
        apiKey: env.mollieApiKey,
        apiEndpoint: env.mollieApiEndpoint,
        // Mollie calls from outside: the public origin, where nginx or the gateway forwards /api.
        webhookUrl: `${env.publicBaseUrl}/api/v1/payments/webhook/mollie`,
      });
  }
}
