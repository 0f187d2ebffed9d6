// Online payment (decision 019). Two plugins: the service with its jobs on the root (placement,
// the tests and the jobs reach it there), and the routes inside /api.
import fp from 'fastify-plugin';
import { paymentProviderFromEnv } from '../../common/payments';
import { modulePlugin } from '../../http/module-plugin';
import { payerFromCookies } from './payer-session';
import { createPaymentExpiryJob, type PaymentExpiryJob } from './payment-expiry';
import { createPaymentsRepository } from './payments.repository';
import { registerPaymentsRoutes } from './payments.routes';
import { createPaymentsService, type PaymentPorts, type PaymentsService } from './payments.service';
import { createRefunder, createRefundJob, type RefundJob } from './refund-job';
import { createRefundsRepository } from './refunds.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Online payment (decision 019): create, webhooks, retry; the checkout's PaymentStarter. */
    payments: PaymentsService;
    /** Moves unpaid orders to payment_expired; tests call `runOnce()`. */
    paymentExpiry: PaymentExpiryJob;
    refundJob: RefundJob;
  }
}

/** `ports`: what a payment's outcome changes in other modules' tables (decision 039), given by app.ts. */
export const paymentsService = fp<{ ports: PaymentPorts }>(
  async (app, { ports }) => {
    const { apiEnv: env, database } = app;
    const paymentsRepo = createPaymentsRepository(database.db, ports.events);
    // Without a configured webhook secret every instance derives the same one (a random one per process
    // would make instance B refuse a webhook signed for instance A).
    const paymentEnv = { ...env, paymentWebhookSecret: env.paymentWebhookSecret ?? Buffer.from(app.deriveKey('payment-webhooks')).toString('base64url') };
    const provider = paymentProviderFromEnv(paymentEnv, { statusOf: (id) => paymentsRepo.statusOf(env.paymentProvider, id) });
    const refundsRepo = createRefundsRepository(database.db, ports.events);
    const payments = createPaymentsService({
      repo: paymentsRepo,
      refunds: refundsRepo,
      provider,
      config: { ttlSeconds: env.paymentTtlSeconds, publicBaseUrl: env.publicBaseUrl },
      ports,
    });
    const paymentExpiry = createPaymentExpiryJob({ service: payments, intervalMs: env.paymentExpiryIntervalMs, log: app.log });
    // Refunds owed are asked for after their commit, as often as expiry runs (0: tests call runOnce).
    const refundJob = createRefundJob({ refundDue: createRefunder({ repo: refundsRepo, provider, log: app.log }), intervalMs: env.paymentExpiryIntervalMs, log: app.log });
    app.decorate('payments', payments);
    app.decorate('paymentExpiry', paymentExpiry);
    app.decorate('refundJob', refundJob);
    app.addHook('onReady', async () => {
      paymentExpiry.start();
      refundJob.start();
    });
    app.addHook('preClose', async () => {
      await paymentExpiry.stop();
      await refundJob.stop();
    });
  },
  { name: 'payments-service', dependencies: ['config', 'database'] },
);

export default modulePlugin({ name: 'payments', dependencies: ['payments-service'] }, (api) => {
  registerPaymentsRoutes(api, api.routeRegistry, api.payments, { payerOf: payerFromCookies((token) => api.tokenSigner.verify(token)) });
});
