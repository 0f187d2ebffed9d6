// Issue 40 item 8, where sign-in, approvals and placement meet: a Dutch buyer's order approved by a
// Dutch administrator. Each signs in from the Dutch portal (the portal's client sends the page's
// language as Accept-Language), and every mail of that order reaches its recipient in Dutch with
// /nl/ links: the administrator's "waiting for approval", the buyer's "approved" and the order
// confirmation. Before, the account kept the language it was created with (English), so the two
// approval mails came in English while the confirmation followed the request.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/accounts';
import { contractOf, contractProduct, HOSPITAL_BUYER, query } from '../test-support/demo-buyers';
import { defaultAddresses, fillCart, headers, SUBMITTER } from '../test-support/placement';
import { CLIENT, FORM_HEADERS, form, startTestApp, type TestApp } from '../test-support/test-app';

const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
let t: TestApp;

/** A password sign-in from the portal in `language` (no header: a client that names none). */
async function signIn(email: string, language?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: { ...FORM_HEADERS, ...(language ? { 'accept-language': language } : {}) },
    payload: form({ ...CLIENT, grant_type: 'password', username: email, password: DEMO_PASSWORD }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

const localeOf = async (email: string) => (await query<{ locale: string }>(t.app, sql`select locale from users where email = ${email}`))[0]!.locale;
const mails = (template: string, recipient: string) =>
  query<{ locale: string; payload: Record<string, unknown> }>(t.app, sql`select locale, payload from outbox where template = ${template} and recipient = ${recipient} order by id`);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the language of a mail is the language its recipient uses the portal in', () => {
  it('a sign-in from the Dutch or French portal makes that the account language; none, or the pseudo-locale, leaves it or reads English', async () => {
    const was = await localeOf(HOSPITAL_BUYER);
    await signIn(HOSPITAL_BUYER, 'fr-BE,fr;q=0.9');
    expect(await localeOf(HOSPITAL_BUYER)).toBe('fr');
    await signIn(HOSPITAL_BUYER);
    expect(await localeOf(HOSPITAL_BUYER)).toBe('fr');
    await signIn(HOSPITAL_BUYER, 'xx');
    expect(await localeOf(HOSPITAL_BUYER)).toBe('en');
    await query(t.app, sql`update users set locale = ${was} where email = ${HOSPITAL_BUYER}`);
  });

  it("a Dutch buyer's order approved by a Dutch administrator: the request, the decision and the confirmation are Dutch, with /nl/ links", async () => {
    const admin = await signIn(HOSPITAL_ADMIN, 'nl-BE');
    const buyer = await signIn(HOSPITAL_BUYER, 'nl-BE');
    const contract = await contractOf(t.app, HOSPITAL_BUYER);
    const product = await contractProduct(t.app, contract, sql`cp.price_cents between 1000 and 100000 and p.active and p.stock_level > 50 and p.kind = 'product' and not p.price_on_request`);
    const rule = await t.app.inject({ method: 'POST', url: '/api/v1/approval-rules', headers: headers(admin), payload: { kind: 'order_total_above', amount_cents: 100 } });
    expect(rule.statusCode, rule.body).toBe(201);

    // The demo cart holds other lines: the order is this product alone.
    await query(t.app, sql`delete from cart_lines where cart_id in (select c.id from carts c join users u on u.id = c.user_id where u.email = ${HOSPITAL_BUYER})`);
    await fillCart(t.app, buyer, [{ product_id: product.id, quantity: 2 }]);
    const checkout = { ...(await defaultAddresses(t.app, buyer)), shipping_method: 'standard', submitter: SUBMITTER, external_order_number: 'PO-LANG-NL' };
    const submitted = await t.app.inject({ method: 'POST', url: '/api/v1/approval-requests', headers: headers(buyer), payload: checkout });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const requestId = submitted.json().id as string;

    const waiting = (await mails('approval.submitted', HOSPITAL_ADMIN)).filter((m) => String(m.payload.path).endsWith(requestId));
    expect(waiting.map((m) => [m.locale, m.payload.path])).toEqual([['nl', `/nl/my-orders/approvals/${requestId}`]]);

    // The administrator decides from the English portal's API client this time: the buyer's mail
    // still follows the buyer, not the person acting.
    const decided = await t.app.inject({ method: 'POST', url: `/api/v1/approval-requests/${requestId}/decision`, headers: headers(admin, { 'accept-language': 'en' }), payload: { decision: 'approve' } });
    expect(decided.statusCode, decided.body).toBe(200);
    const orderId = decided.json().order_id as string;

    const approved = (await mails('approval.approved', HOSPITAL_BUYER)).filter((m) => String(m.payload.path).endsWith(requestId));
    expect(approved.map((m) => [m.locale, m.payload.path])).toEqual([['nl', `/nl/my-orders/approvals/${requestId}`]]);
    const confirmation = (await mails('order.confirmation', HOSPITAL_BUYER)).filter((m) => m.payload.orderId === orderId);
    expect(confirmation.map((m) => [m.locale, m.payload.path])).toEqual([['nl', `/nl/checkout/order/${orderId}`]]);
  });
});
