// The confirmation mail of a paid order, delivered by the outbox dispatcher to a real SMTP server
// started in this process: in the buyer's language, with the order-form PDF attached (the same
// bytes the order page downloads).
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { WEBSHOP_CUSTOMER } from '../../seed/accounts';
import { accessToken, contractOf, contractProduct, HOSPITAL_BUYER, query } from '../../test-support/demo-buyers';
import { pdfPages } from '../../test-support/pdf-text';
import { insertOrder, paymentFor } from '../../test-support/pending-orders';
import { tokensCookie } from '../../test-support/payer-cookie';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { startSmtpServer, type TestSmtpServer } from '../../test-support/smtp-server';

let smtp: TestSmtpServer;
let received: ParsedMail[];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ received } = smtp);
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'Portal <no-reply@portal.test>', publicBaseUrl: 'https://portal.test' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The person's own language (users.locale): the one their mails are in (decision 061). */
const speaks = (email: string, locale: string) => query(t.app, sql`update users set locale = ${locale} where email = ${email} returning id`);

/** Pays an order of a buyer who speaks `locale`, on a page in `pageLocale` (the request's language, which the mail does not follow). */
async function payOrder(locale: 'en' | 'nl' | 'fr', pageLocale: 'en' | 'nl' | 'fr' = locale) {
  await speaks(HOSPITAL_BUYER, locale);
  const order = await insertOrder(t.app, { email: HOSPITAL_BUYER, locale: pageLocale });
  const payment = await t.app.payments.createPayment(paymentFor(order, pageLocale, 'https://portal.test'));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/dev/${payment.paymentId}`,
    // The buyer's own session: the development page opens for no one else (decision 036).
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: tokensCookie(await accessToken(t.app, HOSPITAL_BUYER)) },
    payload: 'outcome=paid',
  });
  expect(res.statusCode).toBe(303);
  await t.app.mailDispatcher.runOnce();
  return { order, mails: received.filter((m) => m.subject?.includes(order.number)) };
}

describe('order confirmation mail', () => {
  it('is delivered once in Dutch with the order-form PDF attached, the same bytes as the download', async () => {
    const { order, mails } = await payOrder('nl');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Orderbevestiging ${order.number}`);
    expect(mail.html).toContain('lang="nl"');
    expect(mail.text).toContain('We hebben uw betaling ontvangen.');
    expect(mail.text).toMatch(/Totaal incl\. btw: €\s?30,25/);
    expect(mail.text).toContain(`https://portal.test/nl/checkout/order/${order.id}`);
    expect(mail.attachments).toHaveLength(1);
    const pdf = mail.attachments[0]!;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toBe(`order-form-${order.number}.pdf`);
    expect((await pdfPages(pdf.content)).join(' ')).toContain(`Bestelbon ${order.number}`);
    const token = await accessToken(t.app, HOSPITAL_BUYER);
    const download = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}/order-form.pdf`, headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.compare(download.rawPayload, pdf.content)).toBe(0);
    // A second dispatcher pass sends nothing more.
    await t.app.mailDispatcher.runOnce();
    expect(received.filter((m) => m.subject?.includes(order.number))).toHaveLength(1);
  });

  it('follows the buyer’s language: French and English', async () => {
    const fr = await payOrder('fr', 'en');
    expect(fr.mails[0]!.subject).toBe(`Confirmation de commande ${fr.order.number}`);
    expect(fr.mails[0]!.text).toContain('Le bon de commande est joint à cet e-mail au format PDF.');
    const en = await payOrder('en', 'nl');
    expect(en.mails[0]!.subject).toBe(`Order confirmation ${en.order.number}`);
    expect(en.mails[0]!.attachments.map((a) => a.filename)).toEqual([`order-form-${en.order.number}.pdf`]);
  });
});

/** Fills the cart and places the order through the checkout's API, as the web shop and the portal do. */
async function place(email: string, shop: 'portal' | 'medical', language: string, productId: string) {
  const token = await accessToken(t.app, email);
  const headers = { authorization: `Bearer ${token}`, 'x-shop-type': shop, 'accept-language': language };
  // The seed leaves a cart in progress for the demo buyer: start from an empty one.
  await query(t.app, sql`delete from cart_lines l using carts c, users u where l.cart_id = c.id and c.user_id = u.id and u.email = ${email} returning l.cart_id`);
  const added = await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers, payload: { product_id: productId, quantity: 2 } });
  expect(added.statusCode, added.body).toBe(200);
  const book = (await t.app.inject({ url: '/api/v1/addresses', headers })).json() as { id: string; type: string }[];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: {
      billing_address_id: book.find((a) => a.type === 'billing')!.id,
      delivery_address_id: book.find((a) => a.type === 'shipping')!.id,
      shipping_method: 'standard',
      submitter: { first_name: 'Noor', last_name: 'Maes', function: 'Paramedic', full_name: 'Noor Maes', declaration: true },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { token, headers, placed: res.json() as { id: string; number: string; status: string; payment_url: string | null } };
}

describe('through the placement', () => {
  it('a web-shop order is payment_pending, paid on the hosted page, then ordered with its mail and PDF in Dutch', async () => {
    const [product] = await query<{ id: string }>(
      t.app,
      sql`select id from products where shop in ('medical', 'both') and not contract_only and active and kind = 'product' and price_cents is not null
          and not price_on_request and not backorder_allowed and stock_level > 10 order by article_code limit 1`,
    );
    await speaks(WEBSHOP_CUSTOMER, 'nl');
    const { token, headers, placed } = await place(WEBSHOP_CUSTOMER, 'medical', 'nl', product!.id);
    expect(placed.status).toBe('payment_pending');
    // The browser's navigation carries the web-shop customer's session in the `tokens` cookie.
    const browser = { cookie: tokensCookie(token) };
    const page = await t.app.inject({ url: placed.payment_url!, headers: browser });
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain(placed.number);
    const paymentId = placed.payment_url!.split('/').at(-1)!;
    const paid = await t.app.inject({ method: 'POST', url: placed.payment_url!, headers: { 'content-type': 'application/x-www-form-urlencoded', ...browser }, payload: 'outcome=paid' });
    expect(paid.headers.location).toBe(`/nl/checkout/order/${placed.id}`);
    expect(paymentId).toMatch(/^dev_/);
    const order = (await t.app.inject({ url: `/api/v1/orders/${placed.id}`, headers })).json() as { status: string };
    expect(order.status).toBe('ordered');
    await t.app.mailDispatcher.runOnce();
    const mails = received.filter((m) => m.subject === `Orderbevestiging ${placed.number}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('We hebben uw betaling ontvangen.');
    const download = await t.app.inject({ url: `/api/v1/orders/${placed.id}/order-form.pdf`, headers });
    expect(Buffer.compare(download.rawPayload, mails[0]!.attachments[0]!.content)).toBe(0);
    expect((await pdfPages(download.rawPayload)).join(' ')).toContain('Noor Maes');
  });

  it('an order on account is ordered at once; its mail says it will be invoiced and carries the PDF', async () => {
    const product = await contractProduct(
      t.app,
      await contractOf(t.app, HOSPITAL_BUYER),
      sql`cp.price_cents is not null and p.active and not p.backorder_allowed and p.kind = 'product' and not p.price_on_request and p.stock_level > 10`,
    );
    await speaks(HOSPITAL_BUYER, 'en');
    const { placed } = await place(HOSPITAL_BUYER, 'portal', 'en', product.id);
    expect(placed).toMatchObject({ status: 'ordered', payment_url: null });
    await t.app.mailDispatcher.runOnce();
    const mails = received.filter((m) => m.subject === `Order confirmation ${placed.number}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('It will be invoiced to your organisation.');
    expect(mails[0]!.attachments.map((a) => a.filename)).toEqual([`order-form-${placed.number}.pdf`]);
    expect((await pdfPages(mails[0]!.attachments[0]!.content)).join(' ')).toContain(`Order form ${placed.number}`);
  });

  it.each([
    ['nl', 'Orderbevestiging'],
    ['fr', 'Confirmation de commande'],
  ] as const)('an order on account is confirmed in its buyer\'s language (%s), not the page\'s (issue 40)', async (lang, subject) => {
    const product = await contractProduct(
      t.app,
      await contractOf(t.app, HOSPITAL_BUYER),
      sql`cp.price_cents is not null and p.active and not p.backorder_allowed and p.kind = 'product' and not p.price_on_request and p.stock_level > 10`,
    );
    await speaks(HOSPITAL_BUYER, lang);
    try {
      const { placed } = await place(HOSPITAL_BUYER, 'portal', 'en', product.id);
      await t.app.mailDispatcher.runOnce();
      const mails = received.filter((m) => m.subject === `${subject} ${placed.number}`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.html).toContain(`lang="${lang}"`);
      expect(mails[0]!.text).toContain(`https://portal.test/${lang}/checkout/order/${placed.id}`);
    } finally {
      await speaks(HOSPITAL_BUYER, 'en');
    }
  });
});
