import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';
import { createTokenClient, OAuthError, type TokenClient } from './token-client';

let server: TestServer;
let tokens: TokenClient;
const NOW = 1_700_000_000_000;

beforeAll(async () => {
  server = await startTestServer(({ body }) => {
    const form = new URLSearchParams(body);
    if (form.get('password') === 'wrong') {
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Incorrect email or password' } };
    }
    if (form.get('password') === 'second-factor') {
      return { status: 400, body: { error: 'invalid_grant', code: 'TWO_FACTOR_REQUIRED', challenge: 'ch-1', channels: ['email'] } };
    }
    if (form.get('refresh_token') === 'garbled') return { status: 200, body: { access_token: 1 } };
    if (form.get('refresh_token') === 'down') return { status: 503 };
    return { status: 200, body: { access_token: `at-${form.get('grant_type')}`, refresh_token: 'rt', expires_in: 900, token_type: 'Bearer' } };
  });
  tokens = createTokenClient({ clientId: 'portal', clientSecret: 's3cret', baseURL: server.origin, now: () => NOW });
});

afterAll(() => server.close());
beforeEach(() => server.reset());

const form = () => Object.fromEntries(new URLSearchParams(server.requests[0]!.body));

describe('createTokenClient', () => {
  it('posts a password grant form-encoded and computes expires_at = now + expires_in * 1000', async () => {
    const set = await tokens.password({ username: 'a@b.be', password: 'pw' });
    expect(set).toEqual({ access_token: 'at-password', refresh_token: 'rt', expires_in: 900, expires_at: NOW + 900_000 });
    const request = server.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/oauth/token');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form()).toEqual({ client_id: 'portal', client_secret: 's3cret', grant_type: 'password', username: 'a@b.be', password: 'pw' });
  });

  it.each([
    ['anonymous', () => tokens.anonymous(), {}],
    ['code', () => tokens.code({ username: 'a@b.be', code: '123456' }), { username: 'a@b.be', code: '123456' }],
    ['refresh_token', () => tokens.refresh('rt-1'), { refresh_token: 'rt-1' }],
  ] as const)('sends the %s grant with its fields', async (grant, call, fields) => {
    await call();
    expect(form()).toEqual({ client_id: 'portal', client_secret: 's3cret', grant_type: grant, ...fields });
  });

  it("sends the interface's language as Accept-Language (the two-factor code mail is written in it)", async () => {
    const dutch = createTokenClient({ clientId: 'portal', clientSecret: 's3cret', baseURL: server.origin, getLocale: () => 'nl-BE' });
    await dutch.password({ username: 'a@b.be', password: 'pw' });
    expect(server.requests[0]!.headers['accept-language']).toBe('nl-BE');
  });

  it('raises an OAuthError with the RFC 6749 code on a refused grant', async () => {
    const error = await tokens.password({ username: 'a@b.be', password: 'wrong' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ status: 400, error: 'invalid_grant', message: 'Incorrect email or password' });
  });

  it('exposes the API\'s stable code and the whole body (a two-factor challenge)', async () => {
    const error = (await tokens.password({ username: 'a@b.be', password: 'second-factor' }).catch((e: unknown) => e)) as OAuthError;
    expect(error.code).toBe('TWO_FACTOR_REQUIRED');
    expect(error.body).toMatchObject({ challenge: 'ch-1', channels: ['email'] });
  });

  it('raises on a malformed token response', async () => {
    await expect(tokens.refresh('garbled')).rejects.toThrow('Token response (refresh_token) is malformed');
  });

  it('never retries (a refresh token is spent on use)', async () => {
    await expect(tokens.refresh('down')).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
  });
});
