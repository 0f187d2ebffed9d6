// Issue 44: the supplier's staff manage the integration clients in the portal while it runs: a
// staff member whose role manages clients (the sales consultant, decision 062) creates one with its
// scopes, rotates its secret with an overlap and revokes it at once; each change is in the audit log
// with who made it. Other staff, customers and clients are refused. PGlite and PostgreSQL.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_ERRORS, API_ERRORS, type IntegrationClientSecret } from '@portal/shared/schemas';
import { auditLog } from '../../db/audit-log';
import { users } from '../../db/schema';
import { accessToken, HOSPITAL_BUYER } from '../../test-support/demo-buyers';
import { clientToken } from '../../test-support/integration-clients';
import { CASE_MANAGER, SALES_CONSULTANT } from '../../test-support/orders';
import { FORM_HEADERS, form, startTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let manager: Record<string, string>;
let managerId: string;
const CLIENTS = '/api/v1/staff/integration/clients';

beforeAll(async () => {
  t = await startTestApp();
  manager = { authorization: `Bearer ${await accessToken(t.app, SALES_CONSULTANT)}` };
  const [row] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, SALES_CONSULTANT));
  managerId = row!.id;
}, 180_000);
afterAll(async () => t?.close());

const post = (url: string, headers: Record<string, string>, payload?: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });
const whoAmI = (token: string) => t.app.inject({ url: '/api/integration/v1/client', headers: { authorization: `Bearer ${token}` } });
const grant = (clientId: string, secret: string) =>
  t.app.inject({ method: 'POST', url: '/api/oauth/token', headers: FORM_HEADERS, payload: form({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }) });
const auditOf = (clientId: string) =>
  t.app.database.db
    .select({ action: auditLog.action, actor: auditLog.actorUserId, data: auditLog.data, requestId: auditLog.requestId })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'integration_client'), eq(auditLog.entityId, clientId)))
    .orderBy(desc(auditLog.id));

async function create(name: string, scopes: string[]): Promise<IntegrationClientSecret> {
  const res = await post(CLIENTS, manager, { name, scopes });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}

describe('staff manage integration clients (issue 44)', () => {
  it('creates a client with its scopes; the secret shown once gets tokens with exactly those scopes; the audit log names the staff member', async () => {
    const created = await create('Staff ERP', ['stock:write', 'orders:read']);
    expect(created.client).toMatchObject({ name: 'Staff ERP', scopes: ['stock:write', 'orders:read'], revoked_at: null });
    expect(created.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = await clientToken(t.app, created.client.id, created.client_secret);
    expect((await whoAmI(token)).json()).toMatchObject({ name: 'Staff ERP', scopes: ['stock:write', 'orders:read'] });
    const list = (await t.app.inject({ url: CLIENTS, headers: manager })).json() as { items: { id: string }[] };
    expect(list.items.map((c) => c.id)).toContain(created.client.id);
    expect(JSON.stringify(list)).not.toContain(created.client_secret);
    const [row] = await auditOf(created.client.id);
    expect(row).toMatchObject({ action: 'integration_clients.created', actor: managerId, data: { name: 'Staff ERP', scopes: ['stock:write', 'orders:read'], via: 'portal' } });
    expect(row!.requestId).toBeTruthy();
  });

  it('refuses a name in use (409, on the name field), an unknown scope, no scope and an unknown field (400)', async () => {
    await create('Taken WMS', ['shipments:write']);
    const taken = await post(CLIENTS, manager, { name: ' Taken WMS ', scopes: ['orders:read'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: INTEGRATION_ERRORS.CLIENT_NAME_TAKEN, errors: [{ path: 'name' }] });
    for (const body of [{ name: 'X', scopes: ['orders:write'] }, { name: 'X', scopes: [] }, { name: 'X/../y', scopes: ['orders:read'] }, { name: 'X', scopes: ['orders:read'], admin: true }]) {
      const res = await post(CLIENTS, manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(API_ERRORS.VALIDATION_FAILED);
    }
  });

  it('rotates with an overlap: both secrets work during it; a rotation with overlap 0 ends the previous ones now', async () => {
    const created = await create('Rotating PIM', ['catalog:write']);
    const res = await post(`${CLIENTS}/${created.client.id}/rotate`, manager, { overlap_hours: 24 });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json() as IntegrationClientSecret;
    expect(rotated.client_secret).not.toBe(created.client_secret);
    const until = Date.parse(rotated.old_secrets_valid_until!);
    expect(Math.abs(until - (Date.now() + 24 * 3_600_000))).toBeLessThan(5 * 60_000);
    expect(rotated.client.last_rotated_at).not.toBe(created.client.last_rotated_at);
    expect((await grant(created.client.id, created.client_secret)).statusCode).toBe(200);
    expect((await grant(created.client.id, rotated.client_secret)).statusCode).toBe(200);

    const again = (await post(`${CLIENTS}/${created.client.id}/rotate`, manager, { overlap_hours: 0 })).json() as IntegrationClientSecret;
    expect((await grant(created.client.id, created.client_secret)).statusCode).toBe(401);
    expect((await grant(created.client.id, rotated.client_secret)).statusCode).toBe(401);
    expect((await grant(created.client.id, again.client_secret)).statusCode).toBe(200);
    const rows = await auditOf(created.client.id);
    expect(rows.map((r) => r.action)).toEqual(['integration_clients.rotated', 'integration_clients.rotated', 'integration_clients.created']);
    expect(rows[1]).toMatchObject({ actor: managerId, data: { old_secrets_valid_until: rotated.old_secrets_valid_until } });
    for (const overlap of [-1, 169, 1.5, '24']) expect((await post(`${CLIENTS}/${created.client.id}/rotate`, manager, { overlap_hours: overlap })).statusCode).toBe(400);
  });

  it('revokes at once: the token the client holds is refused on its next request, no new token, and it cannot be rotated or revoked again', async () => {
    const created = await create('Leaked ERP', ['orders:read']);
    const token = await clientToken(t.app, created.client.id, created.client_secret);
    expect((await whoAmI(token)).statusCode).toBe(200);
    const res = await post(`${CLIENTS}/${created.client.id}/revoke`, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().revoked_at).not.toBeNull();
    const refused = await whoAmI(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(INTEGRATION_ERRORS.CLIENT_REVOKED);
    expect((await grant(created.client.id, created.client_secret)).statusCode).toBe(401);
    expect((await post(`${CLIENTS}/${created.client.id}/revoke`, manager)).json().code).toBe(INTEGRATION_ERRORS.CLIENT_ALREADY_REVOKED);
    expect((await post(`${CLIENTS}/${created.client.id}/rotate`, manager, { overlap_hours: 1 })).statusCode).toBe(409);
    const [row] = await auditOf(created.client.id);
    expect(row).toMatchObject({ action: 'integration_clients.revoked', actor: managerId, data: { via: 'portal' } });
  });

  it('answers 404 for an unknown client and 400 for an id that is not a UUID', async () => {
    const unknown = await post(`${CLIENTS}/6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e/revoke`, manager);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(INTEGRATION_ERRORS.CLIENT_NOT_FOUND);
    expect((await post(`${CLIENTS}/Staff%20ERP/revoke`, manager)).statusCode).toBe(400);
  });

  it('refuses a case manager (403 INTEGRATION_MANAGER_ROLE_REQUIRED), a customer (403 STAFF_ONLY) and a client, and changes nothing', async () => {
    const victim = await create('Guarded ERP', ['orders:read']);
    const caseManager = { authorization: `Bearer ${await accessToken(t.app, CASE_MANAGER)}` };
    const buyer = { authorization: `Bearer ${await accessToken(t.app, HOSPITAL_BUYER)}` };
    const client = { authorization: `Bearer ${await clientToken(t.app, victim.client.id, victim.client_secret)}` };
    for (const [headers, code] of [
      [caseManager, INTEGRATION_ERRORS.MANAGER_ROLE_REQUIRED],
      [buyer, API_ERRORS.STAFF_ONLY],
      [client, API_ERRORS.STAFF_ONLY],
    ] as const) {
      for (const [url, body] of [
        [CLIENTS, { name: 'Sneaky ERP', scopes: ['orders:read'] }],
        [`${CLIENTS}/${victim.client.id}/rotate`, { overlap_hours: 0 }],
        [`${CLIENTS}/${victim.client.id}/revoke`, undefined],
      ] as const) {
        const res = await post(url, headers, body);
        expect(res.statusCode, `${url} ${code}`).toBe(403);
        expect(res.json().code).toBe(code);
      }
    }
    // The case manager still sees the list.
    expect((await t.app.inject({ url: CLIENTS, headers: caseManager })).statusCode).toBe(200);
    expect((await grant(victim.client.id, victim.client_secret)).statusCode).toBe(200);
    expect((await auditOf(victim.client.id)).map((r) => r.action)).toEqual(['integration_clients.created']);
  });
});
