// The confirmation mail of a paid order, delivered by the outbox dispatcher to a real SMTP server
// started in this process: in the buyer's language, with the order-form PDF attached (the same
// bytes the order page downloads).
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, HOSPITAL_BUYER } from '../../test-support/demo-buyers';
import { pdfPages } from '../../test-support/pdf-text';
import { insertOrder } from '../../test-support/pending-orders';
import { startTestApp, type TestApp } from '../../test-support/test-app';

const received: ParsedMail[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Portal <no-reply@portal.test>', publicBaseUrl: 'https://portal.test' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

async function payOrder(locale: 'en' | 'nl' | 'fr') {
  const order = await insertOrder(t.app, { email: HOSPITAL_BUYER, locale });
  const payment = await t.app.payments.createPayment({
    orderId: order.id,
    orderNumber: order.number,
    amountCents: order.totalCents,
    currency: 'EUR',
    locale,
    returnUrl: `https://portal.test/${locale}/checkout/order/${order.id}`,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/dev/${payment.paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
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
    const fr = await payOrder('fr');
    expect(fr.mails[0]!.subject).toBe(`Confirmation de commande ${fr.order.number}`);
    expect(fr.mails[0]!.text).toContain('Le bon de commande est joint à cet e-mail au format PDF.');
    const en = await payOrder('en');
    expect(en.mails[0]!.subject).toBe(`Order confirmation ${en.order.number}`);
    expect(en.mails[0]!.attachments.map((a) => a.filename)).toEqual([`order-form-${en.order.number}.pdf`]);
  });
});
