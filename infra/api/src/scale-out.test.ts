// Two API instances side by side on one PostgreSQL database and one Redis (decision 023): what one
// instance counts, the other sees; a refresh-token reuse seen by one revokes on the other; two
// dispatchers at once send each mail exactly once (counted at a real SMTP server); two expiry jobs at
// once expire each order once. Needs PostgreSQL and Redis (it fails, never skips, without them).
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from './common/outbox';
import { DEMO_PASSWORD } from './seed/accounts';
import { HOSPITAL_BUYER, query } from './test-support/demo-buyers';
import { historyOf, insertOrder, orderStatus, stockOf } from './test-support/pending-orders';
import { CLIENT, FORM_HEADERS, form } from './test-support/test-app';
import { startTwinApps, type TwinApps } from './test-support/twin-apps';
import { startSmtpServer, type TestSmtpServer } from './test-support/smtp-server';
import type { FastifyInstance } from 'fastify';

let smtp: TestSmtpServer;
let received: ParsedMail[];
let twins: TwinApps;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ received } = smtp);
  twins = await startTwinApps({
    smtpUrl: smtp.url,
    anonymousGrantLimitPerMinute: 3,
    tokenFailureLimit: 3,
  });
});
afterAll(async () => {
  await twins?.close();
  await smtp?.close();
});

const token = (app: FastifyInstance, ip: string, fields: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/oauth/token', headers: FORM_HEADERS, remoteAddress: ip, payload: form({ ...CLIENT, ...fields }) });

describe('two instances, one Redis', () => {
  it('a rate limit reached on one instance holds on the other', async () => {
    const ip = '10.17.0.1';
    for (let i = 0; i < 3; i++) expect((await token(twins.a, ip, { grant_type: 'anonymous' })).statusCode).toBe(200);
    const onB = await token(twins.b, ip, { grant_type: 'anonymous' });
    expect(onB.statusCode).toBe(429);
    expect(onB.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address is not affected.
    expect((await token(twins.b, '10.17.0.2', { grant_type: 'anonymous' })).statusCode).toBe(200);
  });

  it('the sign-in throttle counts wrong passwords on one instance against the other', async () => {
    const ip = '10.17.1.1';
    for (let i = 0; i < 3; i++) {
      const wrong = await token(twins.a, ip, { grant_type: 'password', username: HOSPITAL_BUYER, password: 'not-the-password' });
      expect(wrong.statusCode).toBe(400);
    }
    // Even the right password is not checked any more, whichever instance is asked.
    const onB = await token(twins.b, ip, { grant_type: 'password', username: HOSPITAL_BUYER, password: DEMO_PASSWORD });
    expect(onB.statusCode).toBe(429);
    expect(Number(onB.headers['retry-after'])).toBeGreaterThan(0);
    // From another address the account still signs in (nothing is counted per address alone).
    expect((await token(twins.b, '10.17.1.2', { grant_type: 'password', username: HOSPITAL_BUYER, password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('a refresh token reused on one instance revokes the sign-in on the other', async () => {
    const signIn = await token(twins.a, '10.17.2.1', { grant_type: 'password', username: 'sophie.peeters@zorggroep-scheldeland.example', password: DEMO_PASSWORD });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const first = signIn.json().refresh_token as string;
    const rotated = await token(twins.a, '10.17.2.1', { grant_type: 'refresh_token', refresh_token: first });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json().refresh_token as string;
    const reuse = await token(twins.b, '10.17.2.1', { grant_type: 'refresh_token', refresh_token: first });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant', code: 'REFRESH_TOKEN_REUSED' });
    const afterReuse = await token(twins.a, '10.17.2.1', { grant_type: 'refresh_token', refresh_token: second });
    expect(afterReuse.json()).toMatchObject({ error: 'invalid_grant', code: 'REFRESH_TOKEN_REVOKED' });
  });
});

describe('jobs on two instances', () => {
  it('two dispatchers at once send each mail exactly once', async () => {
    const recipients = Array.from({ length: 45 }, (_, i) => `twin-${i}@scale.test`);
    await enqueue(
      twins.a.database.db,
      ...recipients.map((recipient, i) => ({ channel: 'email' as const, recipient, template: 'contact.confirmation', locale: 'en', payload: { firstName: `N${i}`, message: `message ${i}` } })),
    );
    const [onA, onB] = await Promise.all([twins.a.mailDispatcher.runOnce(), twins.b.mailDispatcher.runOnce()]);
    expect(onA.retried + onB.retried + onA.failed + onB.failed).toBe(0);
    const mine = received.filter((m) => recipients.includes((Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address ?? ''));
    expect(mine).toHaveLength(recipients.length);
    expect(new Set(mine.map((m) => m.messageId)).size).toBe(recipients.length);
    const stored = await query<{ status: string; attempts: number }>(twins.b, sql`select status, attempts from outbox where recipient like 'twin-%@scale.test'`);
    expect(stored.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    // Nothing left for a later pass on either instance.
    await Promise.all([twins.a.mailDispatcher.runOnce(), twins.b.mailDispatcher.runOnce()]);
    expect(received.filter((m) => recipients.includes((Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address ?? ''))).toHaveLength(recipients.length);
  });

  it('two payment-expiry jobs at once expire each order once', async () => {
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await insertOrder(twins.a, { email: HOSPITAL_BUYER, quantity: 1 }));
    const product = orders[0]!.productId;
    const stock = await stockOf(twins.a, product);
    const past = sql`now() - make_interval(secs => ${twins.a.apiEnv.paymentTtlSeconds + 60})`;
    const ids = orders.map((o) => o.id);
    await query(twins.a, sql`update orders set placed_at = ${past} where id in ${ids} returning id`);
    await query(twins.a, sql`update order_status_history set changed_at = ${past} where order_id in ${ids} returning id`);
    const runs = await Promise.all([twins.a.paymentExpiry.runOnce(), twins.b.paymentExpiry.runOnce()]);
    expect(runs[0] + runs[1]).toBe(orders.length);
    for (const order of orders) {
      expect(await orderStatus(twins.b, order.id)).toBe('payment_expired');
      expect((await historyOf(twins.b, order.id)).filter((h) => h.status === 'payment_expired')).toHaveLength(1);
    }
    // The stock each order held came back once.
    expect(await stockOf(twins.b, product)).toBe(stock + orders.length);
  });

  it('two quotation-expiry jobs at once expire each quotation once', async () => {
    await query(
      twins.a,
      sql`insert into quotations (number, organisation_id, status, answered_at, valid_until)
          select 'Q-TWIN-' || i, m.organisation_id, 'answered', now() - interval '40 days', current_date - 1
          from generate_series(1, 6) i, memberships m join users u on u.id = m.user_id where u.email = ${HOSPITAL_BUYER} returning id`,
    );
    const runs = await Promise.all([twins.a.quotationExpiry.runOnce(), twins.b.quotationExpiry.runOnce()]);
    expect(runs[0] + runs[1]).toBe(6);
    const [events] = await query<{ n: number; q: number }>(
      twins.a,
      sql`select count(*)::int as n, count(distinct h.quotation_id)::int as q from quotation_history h join quotations q on q.id = h.quotation_id
          where h.event = 'expired' and q.number like 'Q-TWIN-%'`,
    );
    expect(events).toEqual({ n: 6, q: 6 });
  });
});
