// Online payment through the development provider, against the real app on PGlite (and PostgreSQL
// with DATABASE_URL): the hosted page, signed webhooks applied once, every outcome with its stock
// and discount-code consequences, expiry by the job (once, even when two runs race) and the retry.
import { sql } from 'drizzle-orm';
import { CHECKOUT_ERRORS, ORDER_ERRORS, PAYMENT_ERRORS } from '@portal/shared/schemas';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, signPayload, type DevPaymentProvider } from '../../common/payments';
import { accessToken, anonymousToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { historyOf, insertOrder, orderStatus, paymentFor, stockOf, type TestOrder } from '../../test-support/pending-orders';
import { tokensCookie } from '../../test-support/payer-cookie';
import { startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let buyerToken: string;
let otherToken: string;

beforeAll(async () => {
  t = await startTestApp();
  buyerToken = await accessToken(t.app, HOSPITAL_BUYER);
  otherToken = await accessToken(t.app, POLICE_BUYER);
});
afterAll(async () => {
  await t?.close();
});

async function pendingOrder(opts: { locale?: string; discountCodeId?: number | null; quantity?: number; productId?: string } = {}) {
  const order = await insertOrder(t.app, { email: HOSPITAL_BUYER, ...opts });
  const payment = await t.app.payments.createPayment(paymentFor(order, (opts.locale ?? 'en') as 'en', 'http://localhost'));
  return { order, payment };
}

/** The buyer's browser: the development page is a navigation, its session the `tokens` cookie. */
const asBuyer = () => ({ cookie: tokensCookie(buyerToken) });

const choose = (paymentId: string, outcome: string, headers: Record<string, string> = asBuyer()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/dev/${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: `outcome=${outcome}`,
  });
const openPage = (url: string, headers: Record<string, string> = asBuyer()) => t.app.inject({ method: 'GET', url, headers });

function webhook(body: object, sign: (raw: string) => string | undefined) {
  const raw = JSON.stringify(body);
  const signature = sign(raw);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook/dev',
    headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
    payload: raw,
  });
}

const mailsFor = async (order: TestOrder) =>
  (await query<{ n: number }>(t.app, sql`select count(*)::int as n from outbox where template = 'order.confirmation' and payload->>'orderId' = ${order.id}`))[0]!.n;

const discountUses = async (id: number) => Number((await query<{ used_count: number }>(t.app, sql`select used_count from discount_codes where id = ${id}`))[0]!.used_count);

describe('development payment provider', () => {
  it("serves the hosted page in the buyer's language with the order number, the amount and four buttons", async () => {
    const { order, payment } = await pendingOrder({ locale: 'nl' });
    expect(payment.hostedUrl).toMatch(/^\/api\/v1\/payments\/dev\/dev_[0-9a-f-]{36}$/);
    const res = await openPage(payment.hostedUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="nl">');
    expect(res.body).toContain(order.number);
    expect(res.body).toMatch(/€\s?30,25/);
    for (const label of ['Betaald', 'Mislukt', 'Geannuleerd', 'Laten verlopen']) expect(res.body).toContain(`>${label}</button>`);
  });

  it('answers 404 for a payment that does not exist, and 400 for an id that cannot be one', async () => {
    const missing = await openPage('/api/v1/payments/dev/dev_00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(PAYMENT_ERRORS.NOT_FOUND);
    expect((await t.app.inject({ method: 'GET', url: "/api/v1/payments/dev/1'or'1" })).statusCode).toBe(400);
  });

  it('opens only for the session that placed the order: no cookie, another buyer, a forged or garbled cookie or a bearer header get 403 and change nothing', async () => {
    const { order, payment } = await pendingOrder();
    const anonymous = await anonymousToken(t.app);
    const strangers: Record<string, string>[] = [
      {},
      { cookie: tokensCookie(otherToken) },
      { cookie: tokensCookie(anonymous) },
      { cookie: tokensCookie(`${buyerToken.slice(0, -4)}AAAA`) },
      { cookie: 'tokens=%7Bnot-json' },
      { cookie: `other=${encodeURIComponent(JSON.stringify({ access_token: buyerToken }))}` },
      // The route reads the navigation's cookie, never a header a script could set from elsewhere.
      { authorization: `Bearer ${buyerToken}` },
    ];
    for (const headers of strangers) {
      for (const res of [await openPage(payment.hostedUrl, headers), ...(await Promise.all(['paid', 'expire'].map((o) => choose(payment.paymentId, o, headers))))]) {
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.json().code).toBe(PAYMENT_ERRORS.NOT_YOURS);
        expect(res.body).not.toContain(order.number);
      }
    }
    expect(await orderStatus(t.app, order.id)).toBe('payment_pending');
    expect(await query(t.app, sql`select 1 from payment_webhook_events e join payments p on p.id = e.payment_id where p.order_id = ${order.id}`)).toEqual([]);
    // A browser is told why, in the order's language, with the stable code on the page.
    const { payment: dutch } = await pendingOrder({ locale: 'nl' });
    const refusal = await openPage(dutch.hostedUrl, { accept: 'text/html,application/xhtml+xml', cookie: tokensCookie(otherToken) });
    expect(refusal.statusCode).toBe(403);
    expect(refusal.headers['content-type']).toContain('text/html');
    expect(refusal.body).toContain('<html lang="nl">');
    expect(refusal.body).toContain(`data-code="${PAYMENT_ERRORS.NOT_YOURS}"`);
    expect(refusal.body).toContain('Deze betaalpagina opent alleen voor het account dat de bestelling plaatste.');
    expect(refusal.body).not.toContain('<button');
    const posted = await choose(dutch.paymentId, 'paid', { accept: 'text/html' });
    expect([posted.statusCode, posted.body.includes('Niet uw betaling')]).toEqual([403, true]);
    // The buyer's own session, also next to other cookies, sees it.
    expect((await openPage(payment.hostedUrl, { cookie: `locale=nl; ${tokensCookie(buyerToken)}` })).statusCode).toBe(200);
  });

  it("tells a payer whose session ran out (a payment outlives a 15-minute access token) to sign in again: 401 PAYMENT_SESSION_ENDED, translated, nothing changes", async () => {
    const { order, payment } = await pendingOrder({ locale: 'fr' });
    // The buyer's own token, as genuine as the app signs it, with its time up.
    const claims = decodeJwt(buyerToken);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 960 })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(t.env.jwtSigningKey!);
    for (const res of [await openPage(payment.hostedUrl, { cookie: tokensCookie(expired) }), await choose(payment.paymentId, 'paid', { cookie: tokensCookie(expired) })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(PAYMENT_ERRORS.SESSION_ENDED);
    }
    const page = await openPage(payment.hostedUrl, { accept: 'text/html', cookie: tokensCookie(expired) });
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain(`data-code="${PAYMENT_ERRORS.SESSION_ENDED}"`);
    expect(page.body).toContain('Votre session a pris fin');
    expect(page.body).not.toContain(order.number);
    expect(await orderStatus(t.app, order.id)).toBe('payment_pending');
    // A forged token that claims to be expired is no session at all: 403 as before.
    expect((await openPage(payment.hostedUrl, { cookie: tokensCookie(`${expired.slice(0, -4)}AAAA`) })).json().code).toBe(PAYMENT_ERRORS.NOT_YOURS);
  });

  it('"Paid" sends a signed webhook: the order is ordered, with a history row and one confirmation mail, and the browser goes to the order page', async () => {
    // The buyer uses the portal in French: signed in from it, the account's language (decision 061).
    await accessToken(t.app, HOSPITAL_BUYER, 'fr');
    const { order, payment } = await pendingOrder({ locale: 'fr' });
    const stock = await stockOf(t.app, order.productId);
    const res = await choose(payment.paymentId, 'paid');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/fr/checkout/order/${order.id}`);
    expect(await orderStatus(t.app, order.id)).toBe('ordered');
    expect((await historyOf(t.app, order.id)).map((h) => [h.from_status, h.status])).toEqual([[null, 'payment_pending'], ['payment_pending', 'ordered']]);
    expect(await mailsFor(order)).toBe(1);
    const [mail] = await query<{ locale: string; recipient: string }>(t.app, sql`select locale, recipient from outbox where payload->>'orderId' = ${order.id}`);
    expect(mail).toEqual({ locale: 'fr', recipient: HOSPITAL_BUYER });
    await accessToken(t.app, HOSPITAL_BUYER, 'en');
    expect(await stockOf(t.app, order.productId)).toBe(stock);
    // The page now says the payment is finished instead of offering the buttons again.
    const page = await openPage(`/api/v1/payments/dev/${payment.paymentId}`);
    expect(page.body).toContain('Ce paiement est terminé : payé.');
    expect(page.body).not.toContain('<button');
  });

  it('"Failed" and "Cancelled" give the stock and the discount-code use back', async () => {
    for (const [outcome, status] of [['failed', 'payment_failed'], ['cancelled', 'payment_cancelled']] as const) {
      const [code] = await query<{ id: number }>(t.app, sql`select id from discount_codes where code = 'WELCOME10'`);
      const before = await discountUses(code!.id);
      const { order, payment } = await pendingOrder({ discountCodeId: code!.id });
      const stock = await stockOf(t.app, order.productId);
      expect(await discountUses(code!.id)).toBe(before + 1);
      expect((await choose(payment.paymentId, outcome)).statusCode).toBe(303);
      expect(await orderStatus(t.app, order.id)).toBe(status);
      expect(await stockOf(t.app, order.productId)).toBe(stock + order.quantity);
      expect(await discountUses(code!.id)).toBe(before);
      expect(await mailsFor(order)).toBe(0);
    }
  });
});

describe('payment webhook', () => {
  it('refuses a missing, wrong, stale or tampered signature and changes nothing', async () => {
    const { order, payment } = await pendingOrder();
    const body = { id: 'evt_refused', payment_id: payment.paymentId, status: 'paid' };
    const secretOf = () => 'not-the-secret';
    const attempts = [
      await webhook(body, () => undefined),
      await webhook(body, (raw) => signPayload(secretOf(), raw)),
      await webhook(body, () => 't=1,v1=' + '0'.repeat(64)),
      await webhook(body, () => 'garbage'),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(PAYMENT_ERRORS.INVALID_SIGNATURE);
    }
    // A body changed after signing (status flipped) does not verify either.
    const { headers } = signed({ ...body, status: 'failed' });
    const tampered = await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhook/dev', headers, payload: JSON.stringify(body) });
    expect(tampered.statusCode).toBe(401);
    expect(await orderStatus(t.app, order.id)).toBe('payment_pending');
    expect(await query(t.app, sql`select 1 from payment_webhook_events where event_id = 'evt_refused'`)).toEqual([]);
  });

  it('applies the same event once: a redelivery writes no second history row and no second mail', async () => {
    const { order, payment } = await pendingOrder();
    const event = signed({ id: `evt_twice_${order.id}`, payment_id: payment.paymentId, status: 'paid' });
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhook/dev', headers: event.headers, payload: event.rawBody });
    const second = await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhook/dev', headers: event.headers, payload: event.rawBody });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json().result, second.json().result]).toEqual(['applied', 'duplicate']);
    expect((await historyOf(t.app, order.id)).map((h) => h.status)).toEqual(['payment_pending', 'ordered']);
    expect(await mailsFor(order)).toBe(1);
  });

  it('does not move an order that has moved already: a late "paid" after "failed" is owed back (a refund is requested)', async () => {
    const { order, payment } = await pendingOrder();
    await choose(payment.paymentId, 'failed');
    const late = signed({ id: `evt_late_${order.id}`, payment_id: payment.paymentId, status: 'paid' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhook/dev', headers: late.headers, payload: late.rawBody });
    expect(res.json().result).toBe('refund_requested');
    expect(await query(t.app, sql`select r.status from payment_refunds r join payments p on p.id = r.payment_id where p.order_id = ${order.id}`)).toEqual([{ status: 'requested' }]);
    expect(await orderStatus(t.app, order.id)).toBe('payment_failed');
    expect((await historyOf(t.app, order.id)).map((h) => h.status)).toEqual(['payment_pending', 'payment_failed']);
    expect(await mailsFor(order)).toBe(0);
  });
});

/** Signs as the development provider does (its secret is the app's). */
function signed(body: { id: string; payment_id: string; status: string }) {
  return (t.app.payments.provider as DevPaymentProvider).signWebhook(body as never);
}

describe('payment expiry', () => {
  it('"Let it expire" moves the order to payment_expired and gives its stock back', async () => {
    const { order, payment } = await pendingOrder({ locale: 'nl' });
    const stock = await stockOf(t.app, order.productId);
    const res = await choose(payment.paymentId, 'expire');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/nl/checkout/order/${order.id}`);
    expect(await orderStatus(t.app, order.id)).toBe('payment_expired');
    expect(await stockOf(t.app, order.productId)).toBe(stock + order.quantity);
    expect((await query<{ status: string }>(t.app, sql`select status from payments where order_id = ${order.id}`))[0]!.status).toBe('expired');
  });

  it('the job moves an expired order once, even when two runs race', async () => {
    const { order } = await pendingOrder();
    const fresh = await pendingOrder();
    const stock = await stockOf(t.app, order.productId);
    await t.app.payments.expireDue(); // whatever earlier tests left due
    await query(t.app, sql`update payments set expires_at = now() - interval '1 minute' where order_id = ${order.id} returning id`);
    const runs = await Promise.all([t.app.payments.expireDue(), t.app.payments.expireDue(), t.app.paymentExpiry.runOnce()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await orderStatus(t.app, order.id)).toBe('payment_expired');
    expect((await historyOf(t.app, order.id)).filter((h) => h.status === 'payment_expired')).toHaveLength(1);
    // Stock given back once (the other order holds the same product, still pending).
    expect(await stockOf(t.app, order.productId)).toBe(stock + order.quantity);
    expect(await orderStatus(t.app, fresh.order.id)).toBe('payment_pending');
  });
});

describe('an order whose payment could not be created', () => {
  it('expires once the payment time has passed since it became payment_pending', async () => {
    const young = await insertOrder(t.app, { email: HOSPITAL_BUYER });
    const old = await insertOrder(t.app, { email: HOSPITAL_BUYER });
    const past = sql`now() - make_interval(secs => ${t.app.apiEnv.paymentTtlSeconds + 60})`;
    await query(t.app, sql`update orders set placed_at = ${past} where id = ${old.id} returning id`);
    await query(t.app, sql`update order_status_history set changed_at = ${past} where order_id = ${old.id} returning id`);
    await t.app.paymentExpiry.runOnce();
    expect(await orderStatus(t.app, old.id)).toBe('payment_expired');
    expect(await orderStatus(t.app, young.id)).toBe('payment_pending');
    // The demo's pending orders keep their open payment: the job leaves them pending.
    const demo = await query<{ status: string }>(t.app, sql`select o.status from orders o where o.number like 'SO-%' and exists (select 1 from payments p where p.order_id = o.id)`);
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.every((o) => o.status === 'payment_pending')).toBe(true);
  });
});

describe('a webhook racing the expiry job', () => {
  it('ends the order one way only, without a deadlock: ordered with its mail, or expired with its stock back', async () => {
    for (let i = 0; i < 5; i++) {
      const { order, payment } = await pendingOrder();
      const stock = await stockOf(t.app, order.productId);
      await query(t.app, sql`update payments set expires_at = now() - interval '1 second' where order_id = ${order.id} returning id`);
      const event = signed({ id: `evt_race_${order.id}`, payment_id: payment.paymentId, status: 'paid' });
      const [hook] = await Promise.all([
        t.app.inject({ method: 'POST', url: '/api/v1/payments/webhook/dev', headers: event.headers, payload: event.rawBody }),
        t.app.payments.expireDue(),
      ]);
      expect(hook.statusCode).toBe(200);
      const status = await orderStatus(t.app, order.id);
      expect(['ordered', 'payment_expired']).toContain(status);
      expect(await historyOf(t.app, order.id)).toHaveLength(2);
      expect(await mailsFor(order)).toBe(status === 'ordered' ? 1 : 0);
      expect(await stockOf(t.app, order.productId)).toBe(status === 'ordered' ? stock : stock + order.quantity);
    }
  });
});

describe('retrying a payment', () => {
  const retry = (id: string, token = buyerToken) =>
    t.app.inject({ method: 'POST', url: `/api/v1/orders/${id}/payment`, headers: { authorization: `Bearer ${token}`, 'accept-language': 'nl' } });

  it('is allowed after a failed or cancelled payment: a new hosted page, the order pending again with its stock taken again', async () => {
    for (const outcome of ['failed', 'cancelled']) {
      const { order, payment } = await pendingOrder();
      await choose(payment.paymentId, outcome);
      const stock = await stockOf(t.app, order.productId);
      const res = await retry(order.id);
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().payment_url as string;
      expect(url).not.toBe(payment.hostedUrl);
      expect(await orderStatus(t.app, order.id)).toBe('payment_pending');
      expect(await stockOf(t.app, order.productId)).toBe(stock - order.quantity);
      const [last] = await query<{ status: string; from_status: string; changed_by_user_id: string | null }>(
        t.app,
        sql`select status, from_status, changed_by_user_id from order_status_history where order_id = ${order.id} order by id desc limit 1`,
      );
      expect(last).toEqual({ status: 'payment_pending', from_status: `payment_${outcome}`, changed_by_user_id: expect.any(String) });
      const page = await openPage(url);
      expect(page.body).toContain('<html lang="nl">');
      // Paying the new payment finishes the order.
      await choose(url.split('/').at(-1)!, 'paid');
      expect(await orderStatus(t.app, order.id)).toBe('ordered');
      expect(await mailsFor(order)).toBe(1);
    }
  });

  it('is refused for an order that is pending, ordered or expired', async () => {
    const pending = await pendingOrder();
    const ordered = await pendingOrder();
    await choose(ordered.payment.paymentId, 'paid');
    const expired = await pendingOrder();
    await choose(expired.payment.paymentId, 'expire');
    for (const { order } of [pending, ordered, expired]) {
      const before = await orderStatus(t.app, order.id);
      const res = await retry(order.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe(ORDER_ERRORS.PAYMENT_NOT_RETRYABLE);
      expect(await orderStatus(t.app, order.id)).toBe(before);
    }
  });

  it("is refused with OUT_OF_STOCK when the released stock is gone, and leaves the order as it was", async () => {
    const { order, payment } = await pendingOrder({ quantity: 3 });
    await choose(payment.paymentId, 'cancelled');
    await query(t.app, sql`update products set stock_level = 1 where id = ${order.productId} returning id`);
    const res = await retry(order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(CHECKOUT_ERRORS.OUT_OF_STOCK);
    expect(res.json().lines).toEqual([{ product_id: order.productId, name: expect.any(String), requested: 3, available: 1 }]);
    expect(await orderStatus(t.app, order.id)).toBe('payment_cancelled');
    expect(await stockOf(t.app, order.productId)).toBe(1);
    await query(t.app, sql`update products set stock_level = 100 where id = ${order.productId} returning id`);
  });

  it("answers 404 for another organisation's order", async () => {
    const { order, payment } = await pendingOrder();
    await choose(payment.paymentId, 'failed');
    const res = await retry(order.id, otherToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ORDER_ERRORS.NOT_FOUND);
    expect(await orderStatus(t.app, order.id)).toBe('payment_failed');
  });
});
