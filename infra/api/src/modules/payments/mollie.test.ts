// Online payment through Mollie (decision 036), against a local stand-in of Mollie's v2 API started
// here and the real app on PGlite (and PostgreSQL with DATABASE_URL): the payment Mollie is asked
// for, the redirect to its checkout, webhooks verified by asking Mollie and applied once, every
// outcome, forged and foreign webhooks, and a Mollie that cannot be reached.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { PAYMENT_ERRORS } from '@portal/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, HOSPITAL_BUYER, query } from '../../test-support/demo-buyers';
import { startMollieStandIn, trustStandIn, type MollieStandIn } from '../../test-support/mollie-stand-in';
import { historyOf, insertOrder, orderStatus, paymentFor, stockOf } from '../../test-support/pending-orders';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { WEBSHOP_CUSTOMER } from '../../seed/accounts';
import { defaultAddresses, fillCart, headers, stockedWebshopProduct, SUBMITTER } from '../../test-support/placement';

let t: TestApp;
let mollie: MollieStandIn;
/** What the portal answered each webhook the stand-in delivered, in order. */
const answers: LightMyRequestResponse[] = [];
const PUBLIC = 'https://portal.test';
let distrust: () => void = () => undefined;

beforeAll(async () => {
  distrust = trustStandIn();
  mollie = await startMollieStandIn({
    // Mollie posts to the public webhook URL; here it reaches the app in-process.
    deliver: async (call) => {
      const url = new URL(call.url);
      expect(url.origin).toBe(PUBLIC);
      const res = await t.app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: call.body });
      answers.push(res);
      return res;
    },
  });
  t = await startTestApp({ paymentProvider: 'mollie', mollieApiKey: mollie.apiKey, mollieApiEndpoint: mollie.endpoint, publicBaseUrl: PUBLIC });
});
afterAll(async () => {
  await t?.close();
  await mollie?.close();
  distrust();
});

async function pendingOrder(locale: 'en' | 'nl' | 'fr' = 'nl', discountCodeId: number | null = null) {
  const order = await insertOrder(t.app, { email: HOSPITAL_BUYER, locale, discountCodeId });
  const payment = await t.app.payments.createPayment(paymentFor(order, locale, PUBLIC));
  return { order, payment };
}

const lastAnswer = () => answers.at(-1)!;
const mailsFor = async (orderId: string) =>
  (await query<{ n: number }>(t.app, sql`select count(*)::int as n from outbox where template = 'order.confirmation' and payload->>'orderId' = ${orderId}`))[0]!.n;
const eventsOf = async (paymentId: string) =>
  (await query<{ n: number }>(t.app, sql`select count(*)::int as n from payment_webhook_events where event_id like ${`${paymentId}:%`}`))[0]!.n;
const postWebhook = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
  t.app.inject({ method: 'POST', url: '/api/v1/payments/webhook/mollie', headers: { 'content-type': contentType }, payload });

describe('Mollie payments', () => {
  it("asks Mollie for a payment with Bancontact, iDEAL and cards, the buyer's language, the return and webhook URLs and the order, and sends the buyer to Mollie's checkout", async () => {
    const { order, payment } = await pendingOrder('nl');
    expect(payment.paymentId).toMatch(/^tr_[A-Za-z0-9]+$/);
    expect(payment.hostedUrl).toBe(`${mollie.endpoint.replace(/v2\/$/, '')}checkout/select-method/${payment.paymentId}`);
    expect(mollie.created.at(-1)).toEqual({
      amount: { currency: 'EUR', value: '30.25' },
      description: `Bestelling ${order.number}`,
      redirectUrl: `${PUBLIC}/nl/checkout/order/${order.id}`,
      webhookUrl: `${PUBLIC}/api/v1/payments/webhook/mollie`,
      locale: 'nl_BE',
      method: ['bancontact', 'ideal', 'creditcard'],
      metadata: { order_id: order.id, order_number: order.number },
    });
    const [row] = await query<{ provider: string; hosted_url: string }>(t.app, sql`select provider, hosted_url from payments where provider_payment_id = ${payment.paymentId}`);
    expect(row).toEqual({ provider: 'mollie', hosted_url: payment.hostedUrl });
    // The development page does not exist with Mollie.
    expect((await t.app.inject({ url: '/api/v1/payments/dev/dev_00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('paid at Mollie: the webhook makes the order ordered with one confirmation mail; a redelivery changes nothing', async () => {
    const { order, payment } = await pendingOrder('fr');
    // What Mollie's fr_BE checkout and the bank statement show: French.
    expect(mollie.payments.get(payment.paymentId)!.description).toBe(`Commande ${order.number}`);
    // Mollie calls on creation-time changes too: an open payment moves nothing.
    await mollie.callWebhook(payment.paymentId);
    expect(lastAnswer().json()).toEqual({ received: true, result: 'unchanged' });
    await mollie.complete(payment.paymentId, 'paid');
    expect(lastAnswer().statusCode).toBe(200);
    expect(lastAnswer().json()).toEqual({ received: true, result: 'applied' });
    expect(await orderStatus(t.app, order.id)).toBe('ordered');
    expect(await mailsFor(order.id)).toBe(1);
    await mollie.callWebhook(payment.paymentId);
    expect(lastAnswer().json()).toEqual({ received: true, result: 'duplicate' });
    expect((await historyOf(t.app, order.id)).map((h) => h.status)).toEqual(['payment_pending', 'ordered']);
    expect(await mailsFor(order.id)).toBe(1);
  });

  it('failed, canceled and expired at Mollie: the order follows and its stock comes back', async () => {
    for (const [status, orderState] of [['failed', 'payment_failed'], ['canceled', 'payment_cancelled'], ['expired', 'payment_expired']] as const) {
      const { order, payment } = await pendingOrder('en');
      const stock = await stockOf(t.app, order.productId);
      await mollie.complete(payment.paymentId, status);
      expect(lastAnswer().json(), status).toEqual({ received: true, result: 'applied' });
      expect(await orderStatus(t.app, order.id)).toBe(orderState);
      expect(await stockOf(t.app, order.productId)).toBe(stock + order.quantity);
      expect(await mailsFor(order.id)).toBe(0);
    }
  });

  it('believes Mollie, not the request: unknown, malformed and foreign payment ids change nothing', async () => {
    const { order, payment } = await pendingOrder();
    for (const body of ['id=tr_doesNotExist1', 'id=abc', 'id=tr_%27%20or%201%3D1', '', `id=${payment.paymentId}&status=paid`.replace(/^id=[^&]+/, 'id=re_x')]) {
      const res = await postWebhook(body);
      expect(res.statusCode, body).toBe(401);
      expect(res.json().code).toBe(PAYMENT_ERRORS.INVALID_SIGNATURE);
    }
    // A JSON body claiming the payment is paid: only the id counts, and Mollie says it is open.
    expect((await postWebhook(JSON.stringify({ id: payment.paymentId, status: 'paid' }), 'application/json')).statusCode).toBe(401);
    // The real id with a made-up status: Mollie is asked, the payment is open, nothing moves.
    const claimed = await postWebhook(`id=${payment.paymentId}&status=paid`);
    expect(claimed.json()).toEqual({ received: true, result: 'unchanged' });
    // Paid payments Mollie has that the portal never made, for no order of the portal's: 200, nothing recorded.
    for (const metadata of [null, { order_id: '00000000-0000-4000-8000-000000000000' }, { order_id: "x' or 1=1" }]) {
      const foreign = mollie.addForeignPayment(metadata, 'paid');
      const res = await postWebhook(`id=${foreign}`);
      expect(res.json(), JSON.stringify(metadata)).toEqual({ received: true, result: 'unknown_payment' });
      expect(await eventsOf(foreign)).toBe(0);
    }
    // One naming this order: perhaps the portal has not recorded it yet, so not 2xx (Mollie asks again), and nothing moves.
    const foreign = mollie.addForeignPayment({ order_id: order.id }, 'paid');
    const res = await postWebhook(`id=${foreign}`);
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe(PAYMENT_ERRORS.NOT_RECORDED_YET);
    expect(await eventsOf(foreign)).toBe(0);
    expect(await orderStatus(t.app, order.id)).toBe('payment_pending');
    expect(await mailsFor(order.id)).toBe(0);
  });

  it('a webhook that overtakes the recording of its payment is answered non-2xx and applied when Mollie sends it again', async () => {
    const order = await insertOrder(t.app, { email: HOSPITAL_BUYER, locale: 'nl' });
    // Mollie made the payment; the portal's insert has not happened yet when the buyer pays.
    const created = await t.app.payments.provider.createPayment(paymentFor(order, 'nl', PUBLIC));
    await mollie.complete(created.paymentId, 'paid');
    expect(lastAnswer().statusCode).toBe(503);
    expect(lastAnswer().json().code).toBe(PAYMENT_ERRORS.NOT_RECORDED_YET);
    expect(await orderStatus(t.app, order.id)).toBe('payment_pending');
    await query(t.app, sql`insert into payments (order_id, provider, provider_payment_id, amount_cents, currency, locale, hosted_url, expires_at)
                           values (${order.id}, 'mollie', ${created.paymentId}, ${order.totalCents}, 'EUR', 'nl', ${created.hostedUrl}, now() + interval '30 minutes')`);
    await mollie.callWebhook(created.paymentId);
    expect(lastAnswer().json()).toEqual({ received: true, result: 'applied' });
    expect(await orderStatus(t.app, order.id)).toBe('ordered');
  });

  it('answers 503 while Mollie cannot be asked, so that Mollie sends the webhook again, and applies it then', async () => {
    const { order, payment } = await pendingOrder();
    mollie.payments.get(payment.paymentId)!.status = 'paid';
    mollie.failing(true);
    try {
      const res = await postWebhook(`id=${payment.paymentId}`);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe(PAYMENT_ERRORS.PROVIDER_UNAVAILABLE);
      expect(await orderStatus(t.app, order.id)).toBe('payment_pending');
    } finally {
      mollie.failing(false);
    }
    await mollie.callWebhook(payment.paymentId);
    expect(lastAnswer().json()).toEqual({ received: true, result: 'applied' });
    expect(await orderStatus(t.app, order.id)).toBe('ordered');
  });
});

const discountUses = async (id: number) => Number((await query<{ used_count: number }>(t.app, sql`select used_count from discount_codes where id = ${id}`))[0]!.used_count);
const welcomeCode = async () => (await query<{ id: number }>(t.app, sql`select id from discount_codes where code = 'WELCOME10'`))[0]!.id;
const pendingPayments = async (orderId: string) =>
  (await query<{ n: number }>(t.app, sql`select count(*)::int as n from payments where order_id = ${orderId} and status = 'pending'`))[0]!.n;

describe('Mollie down when a payment is started', () => {
  const retry = async (orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/payment`, headers: { authorization: `Bearer ${await accessToken(t.app, HOSPITAL_BUYER)}`, 'accept-language': 'fr' } });

  it('a retry answers 503 PAYMENT_PROVIDER_UNAVAILABLE and leaves the order as it was, retryable, with its stock and discount-code use given back; the next retry works', async () => {
    const code = await welcomeCode();
    const { order, payment } = await pendingOrder('fr', code);
    await mollie.complete(payment.paymentId, 'failed');
    expect(await orderStatus(t.app, order.id)).toBe('payment_failed');
    const stock = await stockOf(t.app, order.productId);
    const uses = await discountUses(code);
    mollie.failing(true);
    try {
      const res = await retry(order.id);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: PAYMENT_ERRORS.PROVIDER_UNAVAILABLE });
      expect(await orderStatus(t.app, order.id)).toBe('payment_failed');
      expect(await stockOf(t.app, order.productId)).toBe(stock);
      expect(await discountUses(code)).toBe(uses);
      expect(await pendingPayments(order.id)).toBe(0);
    } finally {
      mollie.failing(false);
    }
    const again = await retry(order.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().payment_url).toMatch(/checkout\/select-method\/tr_/);
    expect(await orderStatus(t.app, order.id)).toBe('payment_pending');
    expect(await stockOf(t.app, order.productId)).toBe(stock - order.quantity);
    expect(await discountUses(code)).toBe(uses + 1);
    expect((await historyOf(t.app, order.id)).map((h) => h.status)).toEqual(['payment_pending', 'payment_failed', 'payment_pending', 'payment_failed', 'payment_pending']);
  });

  it("at placement the order is not left waiting for a payment that does not exist: 503, and it becomes payment_failed (the order page's Pay again) with its stock and discount use back", async () => {
    const code = await welcomeCode();
    const order = await insertOrder(t.app, { email: HOSPITAL_BUYER, locale: 'nl', discountCodeId: code });
    const stock = await stockOf(t.app, order.productId);
    const uses = await discountUses(code);
    mollie.failing(true);
    try {
      const started = t.app.payments.createPayment(paymentFor(order, 'nl', PUBLIC));
      await expect(started).rejects.toMatchObject({ statusCode: 503, code: PAYMENT_ERRORS.PROVIDER_UNAVAILABLE });
    } finally {
      mollie.failing(false);
    }
    expect(await orderStatus(t.app, order.id)).toBe('payment_failed');
    expect(await stockOf(t.app, order.productId)).toBe(stock + order.quantity);
    expect(await discountUses(code)).toBe(uses - 1);
    expect((await retry(order.id)).statusCode).toBe(200);
    expect(await orderStatus(t.app, order.id)).toBe('payment_pending');
  });

  it("the placement's answer says payment_failed, with no payment page, when Mollie cannot be reached as the order is placed", async () => {
    const token = await accessToken(t.app, WEBSHOP_CUSTOMER);
    const productId = await stockedWebshopProduct(t.app);
    await fillCart(t.app, token, [{ product_id: productId, quantity: 1 }], 'medical');
    const body = { ...(await defaultAddresses(t.app, token)), shipping_method: 'standard', submitter: SUBMITTER };
    mollie.failing(true);
    let res: LightMyRequestResponse;
    try {
      res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: { ...headers(token), 'x-shop-type': 'medical', 'idempotency-key': randomUUID() }, payload: body });
    } finally {
      mollie.failing(false);
    }
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'payment_failed', payment_url: null });
    expect(await orderStatus(t.app, res.json().id)).toBe('payment_failed');
  });

  it('a second payment that cannot be started leaves an order that still waits for its first one as it is', async () => {
    const { order } = await pendingOrder('en');
    const stock = await stockOf(t.app, order.productId);
    mollie.failing(true);
    try {
      const second = t.app.payments.createPayment(paymentFor(order, 'en', PUBLIC));
      await expect(second).rejects.toMatchObject({ statusCode: 503 });
    } finally {
      mollie.failing(false);
    }
    expect(await orderStatus(t.app, order.id)).toBe('payment_pending');
    expect(await stockOf(t.app, order.productId)).toBe(stock);
  });
});

describe('Mollie refunds', () => {
  const refundRow = async (paymentId: string) =>
    (
      await query<{ id: string; status: string; provider_refund_id: string | null; attempts: number; last_error: string | null; amount_cents: number }>(
        t.app,
        sql`select r.id, r.status, r.provider_refund_id, r.attempts, r.last_error, r.amount_cents::int as amount_cents
              from payment_refunds r join payments p on p.id = r.payment_id where p.provider_payment_id = ${paymentId}`,
      )
    )[0];
  const refundsAt = (paymentId: string) => mollie.refunds.filter((r) => r.paymentId === paymentId);

  it('a payment paid after its order expired is refunded once, in full, after the commit; the order stays expired and its stock stays released', async () => {
    const { order, payment } = await pendingOrder('nl');
    const stock = await stockOf(t.app, order.productId);
    await t.app.payments.expireNow(payment.paymentId);
    expect(await orderStatus(t.app, order.id)).toBe('payment_expired');
    // The buyer was still on Mollie's page and paid.
    await mollie.complete(payment.paymentId, 'paid');
    expect(lastAnswer().json()).toEqual({ received: true, result: 'refund_requested' });
    expect(await refundRow(payment.paymentId)).toMatchObject({ status: 'requested', amount_cents: order.totalCents });
    expect(refundsAt(payment.paymentId)).toEqual([]);
    expect(await t.app.refundJob.runOnce()).toBe(1);
    const row = await refundRow(payment.paymentId);
    expect(refundsAt(payment.paymentId)).toMatchObject([{ amount: { currency: 'EUR', value: '30.25' }, description: `Terugbetaling van bestelling ${order.number}`, idempotencyKey: row!.id }]);
    expect(row).toMatchObject({ status: 'refunded', provider_refund_id: refundsAt(payment.paymentId)[0]!.id });
    // Again: nothing owed; Mollie's redelivery of the same news: a duplicate.
    expect(await t.app.refundJob.runOnce()).toBe(0);
    await mollie.callWebhook(payment.paymentId);
    expect(lastAnswer().json().result).toBe('duplicate');
    expect(refundsAt(payment.paymentId)).toHaveLength(1);
    expect(await orderStatus(t.app, order.id)).toBe('payment_expired');
    expect(await stockOf(t.app, order.productId)).toBe(stock + order.quantity);
    expect(await mailsFor(order.id)).toBe(0);
  });

  it('a second payment paid for an order another payment paid already is refunded; the order stays ordered with one mail', async () => {
    const { order, payment } = await pendingOrder('en');
    const second = await t.app.payments.createPayment(paymentFor(order, 'en', PUBLIC));
    await mollie.complete(payment.paymentId, 'paid');
    expect(lastAnswer().json().result).toBe('applied');
    await mollie.complete(second.paymentId, 'paid');
    expect(lastAnswer().json().result).toBe('refund_requested');
    expect(await t.app.refundJob.runOnce()).toBe(1);
    expect(refundsAt(second.paymentId)).toMatchObject([{ description: `Refund of order ${order.number}` }]);
    expect(refundsAt(payment.paymentId)).toHaveLength(0);
    expect(await orderStatus(t.app, order.id)).toBe('ordered');
    expect(await mailsFor(order.id)).toBe(1);
  });

  it("finds a refund Mollie took whose answer was lost, after Mollie's idempotency window: refunded, not a second refund and not parked as failed", async () => {
    const { order, payment } = await pendingOrder('fr');
    await t.app.payments.expireNow(payment.paymentId);
    await mollie.complete(payment.paymentId, 'paid');
    const [row] = await query<{ id: string }>(t.app, sql`select r.id from payment_refunds r join payments p on p.id = r.payment_id where p.provider_payment_id = ${payment.paymentId}`);
    // An attempt reached Mollie and its answer never came back; by the next attempt the key is forgotten.
    const lost = await t.app.payments.provider.refund({ paymentId: payment.paymentId, amountCents: order.totalCents, currency: 'EUR', description: 'lost answer', idempotencyKey: row!.id });
    mollie.forgetIdempotencyKeys();
    expect(await t.app.refundJob.runOnce()).toBe(1);
    expect(refundsAt(payment.paymentId)).toHaveLength(1);
    expect(await refundRow(payment.paymentId)).toMatchObject({ status: 'refunded', provider_refund_id: lost.refundId, last_error: null });
  });

  it('is not lost when Mollie cannot be reached, and not doubled when an answer was lost: retries send the same Idempotency-Key', async () => {
    const { order, payment } = await pendingOrder('fr');
    await t.app.payments.expireNow(payment.paymentId);
    await mollie.complete(payment.paymentId, 'paid');
    mollie.failing(true);
    try {
      expect(await t.app.refundJob.runOnce()).toBe(0);
    } finally {
      mollie.failing(false);
    }
    const failed = await refundRow(payment.paymentId);
    expect(failed).toMatchObject({ status: 'requested', attempts: 1 });
    expect(failed!.last_error).toBeTruthy();
    // Not due yet (backing off): a pass leaves it.
    expect(await t.app.refundJob.runOnce()).toBe(0);
    // Mollie took a refund whose answer never reached the portal (same key, as the job sends it).
    const lost = await t.app.payments.provider.refund({ paymentId: payment.paymentId, amountCents: order.totalCents, currency: 'EUR', description: 'lost answer', idempotencyKey: failed!.id });
    await query(t.app, sql`update payment_refunds set next_attempt_at = now() where id = ${failed!.id}`);
    expect(await t.app.refundJob.runOnce()).toBe(1);
    expect(refundsAt(payment.paymentId)).toHaveLength(1);
    expect(await refundRow(payment.paymentId)).toMatchObject({ status: 'refunded', provider_refund_id: lost.refundId, attempts: 2, last_error: null });
  });
});
