// Sign-in codes by SMS only where a provider sends them (SMS_PROVIDER). Without one, the two-factor
// answer offers email only and a resend by SMS is refused with CHANNEL_UNAVAILABLE, so no code waits
// in the outbox for a sender that does not exist (before: offered, accepted, never delivered). With
// the HTTP provider the code reaches the gateway (a local stand-in speaking its API).
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwoFactorChallengeSchema } from '@portal/shared/schemas';
import { demoAccounts } from '../../../app';
import { outbox } from '../../../db/schema';
import { loadEnv } from '../../../env';
import { REAL_SELLER } from '../../../test-support/real-seller';
import { CLIENT, FORM_HEADERS, form, startTestApp, type TestApp } from '../../../test-support/test-app';

const twoFactor = demoAccounts().find((a) => a.twoFactor)!;
let counter = 0;
const freshIp = () => `10.27.${Math.floor(++counter / 250)}.${counter % 250}`;

async function challengeOf(t: TestApp) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    headers: FORM_HEADERS,
    payload: form({ ...CLIENT, grant_type: 'password', username: twoFactor.email, password: twoFactor.password }),
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(400);
  return v.parse(TwoFactorChallengeSchema, res.json());
}

/** Asks for the code again by SMS, past the resend cooldown. */
async function resendBySms(t: TestApp, challenge: string) {
  await t.app.database.db.execute(
    sql`update verification_codes set created_at = created_at - interval '2 minutes' where purpose = 'login' and user_id = (select id from users where email = ${twoFactor.email})`,
  );
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/resend-code', payload: { purpose: 'login', challenge, channel: 'sms' }, remoteAddress: freshIp() });
}

const smsRows = (t: TestApp) =>
  t.app.database.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.template, 'auth.login-code'))).orderBy(desc(outbox.id));

describe('no SMS provider (SMS_PROVIDER=none)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ smsProvider: 'none', smsHttp: undefined });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers email only, and refuses a code by SMS without queueing one', async () => {
    const challenge = await challengeOf(t);
    expect(challenge.channels.map((c) => c.channel)).toEqual(['email']);
    const res = await resendBySms(t, challenge.challenge);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
    expect(await smsRows(t)).toEqual([]);
  });
});

describe('an SMS gateway over HTTP (SMS_PROVIDER=http)', () => {
  let t: TestApp;
  let gateway: http.Server;
  const received: { authorization: string | undefined; body: Record<string, string> }[] = [];
  let answerWith = 202;

  beforeAll(async () => {
    // The stand-in: the documented request (POST JSON, Bearer token), answering `answerWith`.
    gateway = http.createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        received.push({ authorization: req.headers.authorization, body: JSON.parse(text) as Record<string, string> });
        res.statusCode = answerWith;
        res.end('{}');
      });
    });
    gateway.listen(0, '127.0.0.1');
    await once(gateway, 'listening');
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/messages`;
    t = await startTestApp({ smsProvider: 'http', smsHttp: { url, token: 'gateway-token', from: 'MedTac' } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => gateway?.close(resolve));
  });

  it('offers SMS and delivers the code through the gateway; a refused send stays pending for a retry', async () => {
    const challenge = await challengeOf(t);
    expect(challenge.channels.map((c) => c.channel)).toEqual(['email', 'sms']);
    answerWith = 503;
    const res = await resendBySms(t, challenge.challenge);
    expect(res.statusCode, res.body).toBe(202);
    await t.app.mailDispatcher.runOnce();
    const [failed] = await smsRows(t);
    expect(failed).toMatchObject({ status: 'pending', sentAt: null });
    expect(failed!.attempts).toBeGreaterThan(0);

    answerWith = 202;
    await t.app.database.db.execute(sql`update outbox set available_at = now() where id = ${failed!.id}`);
    await t.app.mailDispatcher.runOnce();
    const [sent] = await smsRows(t);
    expect(sent!.status).toBe('sent');
    const last = received.at(-1)!;
    expect(last.authorization).toBe('Bearer gateway-token');
    expect(last.body).toMatchObject({ from: 'MedTac', to: sent!.recipient, reference: `outbox-${sent!.id}` });
    expect(last.body.text).toContain(String(sent!.payload.code));
  });
});

describe('SMS_PROVIDER in the environment', () => {
  // A production that starts apart from what is tested: a live payment provider (decision 036).
  const production = {
    NODE_ENV: 'production',
    OAUTH_CLIENT_SECRET: 's3cret-value',
    JWT_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'),
    PAYMENT_PROVIDER: 'mollie',
    MOLLIE_API_KEY: `live_${'a'.repeat(30)}`,
    PUBLIC_BASE_URL: 'https://portal.example',
    ...REAL_SELLER,
  };

  it('is the development stand-in by default outside production, none in production', () => {
    expect(loadEnv({}).smsProvider).toBe('dev');
    expect(loadEnv(production).smsProvider).toBe('none');
  });

  it('refuses the development stand-in in production, and an HTTP provider without its URL and token', () => {
    expect(() => loadEnv({ ...production, SMS_PROVIDER: 'dev' })).toThrow(/SMS_PROVIDER=dev/);
    expect(() => loadEnv({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL and SMS_HTTP_TOKEN/);
    expect(() => loadEnv({ ...production, SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://sms.example/send', SMS_HTTP_TOKEN: 't' })).toThrow(/https/);
    const env = loadEnv({ ...production, SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send', SMS_HTTP_TOKEN: 't', SMS_FROM: 'MedTac' });
    expect(env.smsHttp).toEqual({ url: 'https://sms.example/send', token: 't', from: 'MedTac' });
  });
});
