// Routes of online payment: the provider's webhook (raw body, verified by the provider), the
// development provider's hosted page and its form post (open to the payer's session only), and the
// retry of a failed or cancelled payment.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DevPaymentActionSchema,
  DevPaymentParamsSchema,
  DevPaymentWebhookSchema,
  MolliePaymentWebhookSchema,
  ORDER_ERRORS,
  PaymentOrderParamsSchema,
  PAYMENT_ERRORS,
  OrderPaymentSchema,
  PaymentWebhookAckSchema,
  CHECKOUT_ERRORS,
} from '@portal/shared/schemas';
import { DEV_PROVIDER, MOLLIE_PROVIDER, type DevPaymentProvider, type PaymentLocale } from '../../common/payments';
import { requireSignedIn } from '../../caller';
import { AppError } from '../../errors';
import { defineRoute, type RouteRegistry } from '../../http/route';
import { renderDevPage, renderDevRefusal } from './dev-page';
import { isPayer, type OrderOwner, type PayerSession } from './payer-session';
import type { PaymentsService } from './payments.service';

const locale = (l: string): PaymentLocale => (l === 'nl' || l === 'fr' ? l : 'en');
const orderPath = (l: string, orderId: string) => `/${locale(l)}/checkout/order/${orderId}`;
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const notFound = () => new AppError(404, PAYMENT_ERRORS.NOT_FOUND, 'No such payment');
const notYours = () =>
  new AppError(403, PAYMENT_ERRORS.NOT_YOURS, 'This payment page opens only for the session that placed the order: sign in as the buyer and open it again');

const sessionEnded = () => new AppError(401, PAYMENT_ERRORS.SESSION_ENDED, 'Your session has ended: sign in again and reopen the payment');

/** How each provider's webhook looks: Mollie posts a form with the payment id, the development provider signed JSON. */
const WEBHOOKS = {
  [MOLLIE_PROVIDER]: {
    body: MolliePaymentWebhookSchema,
    contentType: 'application/x-www-form-urlencoded',
    description: "Mollie's webhook: `id=tr_…`, form-encoded. Verified by fetching that payment from Mollie's API; applied once per payment and status.",
  },
  [DEV_PROVIDER]: {
    body: DevPaymentWebhookSchema,
    contentType: 'application/json',
    description: 'Signed with HMAC-SHA256 in `x-payment-signature` (`t=<unix seconds>,v1=<hex>` over `t.body`). A redelivered event id changes nothing.',
  },
} as const;

export interface PaymentsRouteDeps {
  /** The session in a request's cookies (the development page is a navigation: no Authorization header). */
  payerOf(cookieHeader: string | undefined): Promise<PayerSession>;
}

export function registerPaymentsRoutes(app: FastifyInstance, registry: RouteRegistry, service: PaymentsService, deps: PaymentsRouteDeps) {
  const provider = service.provider;
  const webhookUrl = `/v1/payments/webhook/${provider.name}`;
  const webhook = WEBHOOKS[provider.name as keyof typeof WEBHOOKS] ?? WEBHOOKS[DEV_PROVIDER];

  // A provider verifies the bytes it sent: this scope keeps the body (JSON or form) as a string.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
      scope.addContentTypeParser(type, { parseAs: 'string' }, (_request, body, done) => done(null, body));
    }
    defineRoute(scope, registry, {
      method: 'POST',
      url: webhookUrl,
      operationId: 'paymentWebhook',
      summary: 'Payment provider webhook: news about one payment, verified by the provider and applied once',
      description: webhook.description,
      tags: ['payments'],
      auth: 'none',
      body: webhook.body,
      bodyContentType: webhook.contentType,
      manualBodyValidation: true,
      responses: {
        200: { description: 'Received', schema: PaymentWebhookAckSchema },
        401: { description: `Not a genuine webhook: signature missing, wrong or too old, or a payment the provider does not know (${PAYMENT_ERRORS.INVALID_SIGNATURE})` },
        503: {
          description: `Not yet: the provider could not be asked (${PAYMENT_ERRORS.PROVIDER_UNAVAILABLE}), or the payment is for an order the portal has but not recorded yet (${PAYMENT_ERRORS.NOT_RECORDED_YET}); the provider sends it again`,
        },
      },
      handler: async ({ request }) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const event = await provider.verifyWebhook({ rawBody, headers: request.headers }).catch((error: unknown) => {
          request.log.warn({ err: error }, 'payment provider unavailable for a webhook');
          throw new AppError(503, PAYMENT_ERRORS.PROVIDER_UNAVAILABLE, 'The payment provider could not be reached; send the webhook again later');
        });
        if (!event) throw new AppError(401, PAYMENT_ERRORS.INVALID_SIGNATURE, 'The webhook is not genuine');
        return { received: true as const, result: await service.applyWebhook(event) };
      },
    });
  });

  const retryProblems = {
    401: { description: 'Not signed in' },
    404: { description: `No such order in the caller's organisation (${ORDER_ERRORS.NOT_FOUND})` },
    409: {
      description: `${ORDER_ERRORS.PAYMENT_NOT_RETRYABLE} (the order is not payment_failed or payment_cancelled); ${CHECKOUT_ERRORS.OUT_OF_STOCK} (its stock was released and is gone); ${CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE} (its discount code is used up)`,
    },
    503: { description: `The provider could not be reached; the order is left as it was, to be paid again (${PAYMENT_ERRORS.PROVIDER_UNAVAILABLE})` },
  };
  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/orders/:id/payment',
    operationId: 'retryOrderPayment',
    summary: 'A new payment for an order whose payment failed or was cancelled',
    tags: ['orders', 'payments'],
    auth: 'bearer',
    params: PaymentOrderParamsSchema,
    responses: { 200: { description: 'The hosted payment page to go to', schema: OrderPaymentSchema }, ...retryProblems },
    handler: async ({ request, params, caller }) => {
      requireSignedIn(caller);
      // Staff do not pay customers' orders: for them no order is theirs to pay.
      if (caller.kind !== 'customer') throw new AppError(404, ORDER_ERRORS.NOT_FOUND, 'No such order');
      return service.retry(caller, params.id, request.locale);
    },
  });

  if (provider.name !== DEV_PROVIDER) return;
  const dev = provider as DevPaymentProvider;
  /**
   * The payment, when the request comes from the session that placed its order (decision 036). A
   * browser (Accept: text/html) is told why in the order's language; other clients get the problem.
   */
  const payersPayment = async (paymentId: string, request: FastifyRequest, reply: FastifyReply) => {
    const payment = await service.payment(paymentId);
    if (!payment) throw notFound();
    const session = await deps.payerOf(request.headers.cookie);
    if (isPayer(session, payment satisfies OrderOwner)) return payment;
    // An expired session is told to sign in again: it may well be the payer's (decision 036).
    const refusal = session === 'expired' ? sessionEnded() : notYours();
    if (!request.headers.accept?.includes('text/html')) throw refusal;
    await reply
      .code(refusal.statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', PAGE_CSP)
      .send(renderDevRefusal(locale(payment.locale), refusal.code));
    return null;
  };
  const devProblems = {
    401: { description: `The payer's session has ended: sign in again and reopen the payment (${PAYMENT_ERRORS.SESSION_ENDED})` },
    403: { description: `Not the session that placed the order (${PAYMENT_ERRORS.NOT_YOURS})` },
    404: { description: `No such payment (${PAYMENT_ERRORS.NOT_FOUND})` },
  };

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/payments/dev/:paymentId',
    operationId: 'devPaymentPage',
    summary: "Development payment provider: the hosted page (HTML in the buyer's language), for the payer's session only",
    tags: ['payments'],
    auth: 'none',
    params: DevPaymentParamsSchema,
    responses: { 200: { description: 'The page', contentType: 'text/html' }, ...devProblems },
    handler: async ({ request, reply, params }) => {
      const payment = await payersPayment(params.paymentId, request, reply);
      if (!payment) return reply;
      const html = renderDevPage({
        locale: locale(payment.locale),
        orderNumber: payment.order_number,
        amountCents: payment.amount_cents,
        status: payment.status,
        orderPath: orderPath(payment.locale, payment.order_id),
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', PAGE_CSP)
        .send(html);
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/payments/dev/:paymentId',
    operationId: 'devPaymentOutcome',
    summary: 'Development payment provider: the chosen outcome, sent as a signed webhook; redirects to the order page',
    tags: ['payments'],
    auth: 'none',
    params: DevPaymentParamsSchema,
    body: DevPaymentActionSchema,
    bodyContentType: 'application/x-www-form-urlencoded',
    responses: { 303: { description: 'To the buyer’s order page' }, ...devProblems },
    handler: async ({ request, reply, params, body }) => {
      const payment = await payersPayment(params.paymentId, request, reply);
      if (!payment) return reply;
      if (body.outcome === 'expire') {
        await service.expireNow(params.paymentId);
      } else {
        // The provider's side: a signed webhook to the portal's own endpoint, as a real provider sends it.
        const signed = dev.signWebhook({ id: `evt_${randomUUID()}`, payment_id: params.paymentId, status: body.outcome });
        const res = await app.inject({ method: 'POST', url: `/api${webhookUrl}`, headers: signed.headers, payload: signed.rawBody });
        if (res.statusCode !== 200) throw new Error(`the development webhook answered ${res.statusCode}`);
      }
      return reply.code(303).header('cache-control', 'no-store').redirect(orderPath(payment.locale, payment.order_id), 303);
    },
  });
}
