// An instance whose Redis is away (decision 023): it starts, serves what needs no shared store, and
// refuses what a limit guards with 503 NOT_READY (fail closed: a sign-in that cannot be counted is
// not checked), never with a crash and never by letting the request through unlimited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@portal/shared/schemas';
import { HOSPITAL_BUYER } from './test-support/demo-buyers';
import { DEMO_PASSWORD } from './seed/accounts';
import { CLIENT, FORM_HEADERS, form, startTestApp, type TestApp } from './test-support/test-app';

let t: TestApp;

beforeAll(async () => {
  // Nothing listens on this port (one of this helper's range that no test binds).
  t = await startTestApp({ redisUrl: 'redis://127.0.0.1:2538', redisPrefix: 'portal-test:down:' });
});
afterAll(async () => {
  await t?.close();
});

const token = (fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/oauth/token', headers: FORM_HEADERS, remoteAddress: '10.18.0.1', payload: form({ ...CLIENT, ...fields }) });

describe('Redis unreachable', () => {
  it('refuses sign-in, anonymous sessions and limited auth calls with 503 NOT_READY', async () => {
    for (const res of [
      await token({ grant_type: 'password', username: HOSPITAL_BUYER, password: DEMO_PASSWORD }),
      await token({ grant_type: 'anonymous' }),
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: HOSPITAL_BUYER } }),
    ]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: API_ERRORS.NOT_READY });
      expect(res.headers['retry-after']).toBeDefined();
    }
  });

  it('keeps serving what no shared store guards', async () => {
    const res = await t.app.inject({ url: '/api/v1/route-rules?path=/nl/catalog' });
    expect(res.statusCode, res.body).toBe(200);
    expect(t.app.redis?.status).not.toBe('ready');
  });
});
