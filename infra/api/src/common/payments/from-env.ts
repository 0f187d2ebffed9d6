// Chooses the payment provider from the environment. Only the development provider exists today;
// a real one (Mollie, Stripe, …) is one more case here behind the same interface (decision 019).
import { randomBytes } from 'node:crypto';
import { createDevProvider, type DevPaymentProvider } from './dev-provider';
import type { PaymentStatus } from './provider';

export interface PaymentEnv {
  paymentProvider: 'dev';
  /** Webhook signing secret; unset: one is generated at start (development, a single instance). */
  paymentWebhookSecret: string | undefined;
}

export interface PaymentProviderDeps {
  /** The stored status of a payment (the development provider keeps no state of its own). */
  statusOf(paymentId: string): Promise<PaymentStatus | null>;
}

export function paymentProviderFromEnv(env: PaymentEnv, deps: PaymentProviderDeps): DevPaymentProvider {
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
  }
}
