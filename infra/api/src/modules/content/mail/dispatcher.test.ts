// The dispatcher against a real SMTP server started in this process: mail is delivered, written
// in the recipient's language, and the codes and links in it work. Failures are retried later,
// never dropped.
import { desc, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../app';
import { outbox } from '../tables';
import { CLIENT, FORM_HEADERS, form, startTestApp, type TestApp } from '../../../test-support/test-app';
import { startSmtpServer, type TestSmtpServer } from '../../../test-support/smtp-server';
import { BASE_RETRY_DELAY_MS, createDispatcher, retryDelayMs } from './dispatcher';
import { renderMessage } from './templates';
import { createSmtpTransport } from './transports';

let smtp: TestSmtpServer;
let received: ParsedMail[];
/** Recipients the server refuses (a temporary failure, 451), to test retries. */
let refused: Set<string>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ received, refused } = smtp);
  t = await startTestApp({ smtpUrl: smtp.url, mailFrom: 'Portal <no-reply@portal.test>', publicBaseUrl: 'https://portal.test', mailMaxAttempts: 3 });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const accounts = demoAccounts();
const twoFactor = accounts.find((a) => a.twoFactor)!;
const hospitalBuyer = accounts.find((a) => a.email.startsWith('lucas.'))!;

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
const mailsTo = (address: string) => received.filter((m) => to(m) === address);
const token = (fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/oauth/token', headers: FORM_HEADERS, payload: form({ ...CLIENT, ...fields }) });

describe('outbox dispatcher over SMTP', () => {
  it('delivers the two-factor code in Dutch, and the code from the mail signs in', async () => {
    const first = await token({ grant_type: 'password', username: twoFactor.email, password: twoFactor.password });
    expect(first.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    const result = await t.app.mailDispatcher.runOnce();
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const [mail] = mailsTo(twoFactor.email).slice(-1);
    expect(mail, 'a mail to the two-factor user').toBeDefined();
    expect(mail!.from?.text).toContain('no-reply@portal.test');
    expect(mail!.subject).toMatch(/^Uw aanmeldcode: \d{6}$/);
    expect(mail!.html).toContain('lang="nl"');
    const code = /(\d{6})/.exec(mail!.text ?? '')![1]!;
    const signIn = await token({ grant_type: 'code', username: twoFactor.email, code });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const [row] = await t.app.database.db.select().from(outbox).where(eq(outbox.recipient, twoFactor.email)).orderBy(desc(outbox.id)).limit(1);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('delivers a reset link in English whose token resets the password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: hospitalBuyer.email } });
    expect(res.statusCode).toBe(202);
    await t.app.mailDispatcher.runOnce();
    const [mail] = mailsTo(hospitalBuyer.email).slice(-1);
    expect(mail!.subject).toBe('Reset your password');
    const link = /(https:\/\/portal\.test\/en\/auth\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail!.text ?? '')![1]!;
    expect(mail!.html).toContain(link);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: new URL(link).searchParams.get('token'), password: 'Another-Pass-2026', password_confirmation: 'Another-Pass-2026' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    await t.app.mailDispatcher.runOnce();
    expect(mailsTo(hospitalBuyer.email).slice(-1)[0]!.subject).toBe('Your password was changed');
  });

  it('retries a refused message later with a growing delay, and parks it as failed after the last attempt, never deleting it', async () => {
    const address = 'bounce@example.be';
    refused.add(address);
    await t.app.database.db.insert(outbox).values({ channel: 'email', recipient: address, template: 'auth.password-changed', locale: 'fr', payload: { firstName: 'Luc' } });
    const [{ id }] = (await t.app.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, address))) as [{ id: number }];
    const state = async () => (await t.app.database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
    const due = () => t.app.database.db.execute(sql`update outbox set available_at = now() where id = ${id}`);

    expect((await t.app.mailDispatcher.runOnce()).retried).toBe(1);
    const first = await state();
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.lastError).toMatch(/451|temporarily/i);
    const firstWait = first.availableAt.getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(BASE_RETRY_DELAY_MS - 1500);
    // Not due yet: nothing happens.
    expect((await t.app.mailDispatcher.runOnce()).retried).toBe(0);

    await due();
    await t.app.mailDispatcher.runOnce();
    const second = await state();
    expect(second.attempts).toBe(2);
    expect(second.availableAt.getTime() - Date.now()).toBeGreaterThan(firstWait + 2000);

    // The mailbox is back: the next attempt delivers.
    refused.delete(address);
    await due();
    expect((await t.app.mailDispatcher.runOnce()).sent).toBe(1);
    expect(await state()).toMatchObject({ status: 'sent', attempts: 3 });
    expect(mailsTo(address).slice(-1)[0]!.subject).toBe('Votre mot de passe a été modifié');

    // Always refused: parked as failed after MAIL_MAX_ATTEMPTS, kept with its error.
    const other = 'gone@example.be';
    refused.add(other);
    await t.app.database.db.insert(outbox).values({ channel: 'email', recipient: other, template: 'auth.password-changed', locale: 'nl', payload: {} });
    for (let i = 0; i < 3; i++) {
      await t.app.database.db.execute(sql`update outbox set available_at = now() where recipient = ${other}`);
      await t.app.mailDispatcher.runOnce();
    }
    const [parked] = await t.app.database.db.select().from(outbox).where(eq(outbox.recipient, other));
    expect(parked).toMatchObject({ status: 'failed', attempts: 3 });
    expect(parked!.lastError).toBeTruthy();
  });

  it('keeps messages when the SMTP server is down, and a claimed message whose sender crashed is retried after the lease', async () => {
    await t.app.database.db.insert(outbox).values({ channel: 'email', recipient: 'lease@example.be', template: 'auth.password-changed', locale: 'en', payload: {} });
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const down = createDispatcher({
      db: t.app.database.db,
      env: { mailFrom: 'x@portal.test', publicBaseUrl: 'https://portal.test', mailMaxAttempts: 3, mailDispatchIntervalMs: 0 },
      mail: createSmtpTransport('smtp://127.0.0.1:9?connectionTimeout=2000'),
      sms: null,
      log: silent,
    });
    expect((await down.runOnce()).retried).toBe(1);
    const [kept] = await t.app.database.db.select().from(outbox).where(eq(outbox.recipient, 'lease@example.be'));
    expect(kept).toMatchObject({ status: 'pending', attempts: 1 });
    expect(kept!.lastError).toMatch(/ECONNREFUSED|connect/i);
    await down.stop();
    // A crash after the claim: attempts counted, available_at in the future, status still pending.
    await t.app.database.db.execute(sql`update outbox set attempts = 2, available_at = now() + interval '5 minutes' where recipient = 'lease@example.be'`);
    expect((await t.app.mailDispatcher.runOnce()).sent).toBe(0);
    expect(mailsTo('lease@example.be')).toHaveLength(0);
    await t.app.database.db.execute(sql`update outbox set available_at = now() - interval '1 second' where recipient = 'lease@example.be'`);
    await t.app.mailDispatcher.runOnce();
    expect(mailsTo('lease@example.be')).toHaveLength(1);
  });

  it('grows the retry delay by doubling, capped at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5000, 10000, 20000, 40000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  it('renders every language and escapes what customers typed', () => {
    const payload = { firstName: '<script>x</script>', organisationName: 'A&B' };
    for (const locale of ['en', 'nl', 'fr', 'xx']) {
      const out = renderMessage({ template: 'auth.contract-request-received', locale, payload }, 'https://portal.test');
      expect(out.html).not.toContain('<script>');
      expect(out.html).toContain('&lt;script&gt;');
    }
    expect(renderMessage({ template: 'auth.contract-request-received', locale: 'nl', payload }, '').subject).toBe('We ontvingen uw contractaanvraag');
    expect(() => renderMessage({ template: 'nope', locale: 'en', payload }, '')).toThrow(/Unknown message template/);
  });
});
