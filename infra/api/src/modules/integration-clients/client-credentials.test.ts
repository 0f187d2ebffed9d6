// The client-credentials grant (RFC 6749 section 4.4) for integration clients, their revocation and
// the scope checks of the integration routes (decision 045).
import { decodeJwt } from 'jose';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientTokenResponseSchema, INTEGRATION_ERRORS, INTEGRATION_SCOPES, OAUTH_ERRORS, TokenErrorSchema } from '@portal/shared/schemas';
import { SYSTEM_CALLER } from '../../caller';
import { accessToken, anonymousToken, HOSPITAL_BUYER } from '../../test-support/demo-buyers';
import { auditRows, clientToken, integrationClient } from '../../test-support/integration-clients';
import { CLIENT, FORM_HEADERS, form, startTestApp, type TestApp } from '../../test-support/test-app';
import { recordIntegrationWrite } from './audit';
import { createIntegrationClientsRepository } from './integration-clients.repository';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const repo = () => createIntegrationClientsRepository(t.app.database.db);
const grant = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/oauth/token', headers: { ...FORM_HEADERS, ...headers }, payload: form(fields) });
const whoAmI = (headers: Record<string, string>) => t.app.inject({ url: '/api/integration/v1/client', headers });

function expectTokenError(res: Awaited<ReturnType<typeof grant>>, status: number, error: string, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  v.parse(TokenErrorSchema, body);
  expect(body).toMatchObject({ error, code });
}

describe('client-credentials grant', () => {
  it('answers a JWT naming the client and its scopes, no refresh token, not cached', async () => {
    const { clientId, clientSecret, clientName } = await integrationClient(t.app, ['stock:write', 'orders:read']);
    const res = await grant({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = v.parse(ClientTokenResponseSchema, res.json());
    expect(body).not.toHaveProperty('refresh_token');
    expect(body.token_type).toBe('Bearer');
    expect(body.scope.split(' ').sort()).toEqual(['orders:read', 'stock:write']);
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ sub: `client:${clientId}`, role: 'integration', org: null, client_name: clientName });
    const me = await whoAmI({ authorization: `Bearer ${body.access_token}` });
    expect(me.json()).toEqual({ client_id: clientId, name: clientName, scopes: expect.arrayContaining(['orders:read', 'stock:write']) });
  });

  it('takes the client from HTTP Basic as well as from the form', async () => {
    const { clientId, clientSecret } = await integrationClient(t.app, ['events:read']);
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64');
    const res = await grant({ grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().scope).toBe('events:read');
  });

  it('grants a subset of the scopes when asked, and refuses a scope the client lacks or that does not exist', async () => {
    const { clientId, clientSecret } = await integrationClient(t.app, ['catalog:write', 'prices:write']);
    const base = { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret };
    const subset = await grant({ ...base, scope: 'prices:write' });
    expect(subset.statusCode, subset.body).toBe(200);
    expect(subset.json().scope).toBe('prices:write');
    const me = await whoAmI({ authorization: `Bearer ${subset.json().access_token}` });
    expect(me.json().scopes).toEqual(['prices:write']);
    expectTokenError(await grant({ ...base, scope: 'prices:write stock:write' }), 400, 'invalid_scope', OAUTH_ERRORS.INVALID_SCOPE);
    expectTokenError(await grant({ ...base, scope: 'everything' }), 400, 'invalid_scope', OAUTH_ERRORS.INVALID_SCOPE);
  });

  it('refuses a wrong secret, an unknown or malformed client id and the web client with 401 invalid_client', async () => {
    const { clientId, clientSecret } = await integrationClient(t.app, ['orders:read']);
    const cases = [
      { client_id: clientId, client_secret: `${clientSecret}x` },
      { client_id: clientId, client_secret: 'short' },
      { client_id: '00000000-0000-4000-8000-000000000000', client_secret: clientSecret },
      { client_id: 'not-a-uuid', client_secret: clientSecret },
      CLIENT,
    ];
    for (const credentials of cases) {
      const res = await grant({ grant_type: 'client_credentials', ...credentials });
      expectTokenError(res, 401, 'invalid_client', OAUTH_ERRORS.INVALID_CLIENT);
      expect(res.headers['www-authenticate']).toMatch(/^Basic /);
    }
    expectTokenError(await grant({ grant_type: 'client_credentials', client_id: clientId }), 401, 'invalid_client', OAUTH_ERRORS.INVALID_CLIENT);
    expectTokenError(
      await grant({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: 'x'.repeat(600) }),
      400,
      'invalid_request',
      OAUTH_ERRORS.INVALID_REQUEST,
    );
  });

  it("a revoked client gets no token, and the tokens it has stop working at once", async () => {
    const client = await integrationClient(t.app, ['orders:read']);
    expect((await whoAmI(client.headers)).statusCode).toBe(200);
    expect(await repo().revoke(SYSTEM_CALLER, client.clientId)).toBe(true);
    const refused = await whoAmI(client.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(INTEGRATION_ERRORS.CLIENT_REVOKED);
    expectTokenError(
      await grant({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
      401,
      'invalid_client',
      OAUTH_ERRORS.INVALID_CLIENT,
    );
  });

  it('a rotated secret works, the old one until the end of its overlap only', async () => {
    const client = await integrationClient(t.app, ['stock:write']);
    const rotated = await repo().rotate(SYSTEM_CALLER, client.clientId, new Date(Date.now() + 3_600_000));
    expect(rotated).not.toBeNull();
    expect(await clientToken(t.app, client.clientId, rotated!.secret)).toBeTruthy();
    expect(await clientToken(t.app, client.clientId, client.clientSecret)).toBeTruthy();
    // A rotation without overlap ends every older secret now.
    const again = await repo().rotate(SYSTEM_CALLER, client.clientId, new Date(0));
    expect(await clientToken(t.app, client.clientId, again!.secret)).toBeTruthy();
    for (const old of [client.clientSecret, rotated!.secret]) {
      expectTokenError(await grant({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: old }), 401, 'invalid_client', OAUTH_ERRORS.INVALID_CLIENT);
    }
  });
});

describe('integration routes', () => {
  it('refuse no token with 401, a person or an anonymous session with 403 INTEGRATION_CLIENT_REQUIRED', async () => {
    expect((await whoAmI({})).statusCode).toBe(401);
    for (const token of [await accessToken(t.app, HOSPITAL_BUYER), await anonymousToken(t.app)]) {
      const res = await whoAmI({ authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(INTEGRATION_ERRORS.NOT_A_CLIENT);
    }
  });

  it('a client sees no customer data on the customer routes', async () => {
    const { headers } = await integrationClient(t.app, INTEGRATION_SCOPES);
    for (const url of ['/api/v1/me', '/api/v1/orders', '/api/v1/organisation', '/api/v1/quotations']) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
    }
  });

  it("an integration write's audit row names the client", async () => {
    const client = await integrationClient(t.app, ['stock:write']);
    const caller = { kind: 'integration' as const, clientId: client.clientId, clientName: client.clientName, scopes: ['stock:write' as const], organisationId: null };
    await t.app.database.db.transaction((tx) => recordIntegrationWrite(tx, caller, 'stock.set', 'product', 'P-1', { level: 4 }));
    const [row] = await auditRows(t.app, client.clientName);
    expect(row).toMatchObject({ action: 'stock.set', entityType: 'product', entityId: 'P-1', data: { level: 4, client_id: client.clientId } });
  });

  it('the OpenAPI document describes the Integration tag and lists the client-credentials grant', async () => {
    const res = await t.app.inject({ url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.tags).toContainEqual(expect.objectContaining({ name: 'Integration', description: expect.stringContaining('client-credentials') }));
    expect(doc.paths['/api/integration/v1/client'].get.tags).toEqual(['Integration']);
    expect(JSON.stringify(doc.paths['/api/oauth/token'].post.requestBody)).toContain('client_credentials');
  });
});
