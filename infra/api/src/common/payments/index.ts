// Online payment behind one interface (decision 019). The checkout's placement depends on
// `PaymentStarter` only; app.ts passes the payments module's service, which records the payment and
// asks the provider chosen by `paymentProviderFromEnv`.
export type {
  CreatedPayment,
  CreatePaymentInput,
  PaymentLocale,
  PaymentOutcome,
  PaymentProvider,
  PaymentStarter,
  PaymentStatus,
  PaymentWebhookEvent,
  RefundInput,
  WebhookRequest,
} from './provider';
export { PAYMENT_OUTCOMES } from './provider';
export { createDevProvider, DEV_PROVIDER, type DevPaymentProvider, type DevWebhookBody } from './dev-provider';
export { createMollieProvider, MOLLIE_PROVIDER, mollieAmount, type MollieProviderOptions } from './mollie-provider';
export { paymentProviderFromEnv, type PaymentEnv, type PaymentProviderDeps } from './from-env';
export { paymentDescription, paymentLocale, refundDescription } from './descriptions';
export { SIGNATURE_HEADER, signPayload, verifySignature } from './signature';
