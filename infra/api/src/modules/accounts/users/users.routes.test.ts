import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS } from '@portal/shared/schemas';
import { AUTH_ERRORS } from '@portal/shared/schemas';
import { call, lastMail, passwordGrant } from '../../../test-support/account-helpers';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
const POLICE_ADMIN = 'mark.devries@interventie-polder.example';
const CASE_MANAGER = 'an.claes@portal-supplier.example';

let t: TestApp;
let admin: string;
let buyer: string;
let policeAdmin: string;
const idOf = async (email: string) => (await query<{ id: string }>(t.app, sql`select id from users where email = ${email}`))[0]!.id;

beforeAll(async () => {
  t = await startTestApp();
  [admin, buyer, policeAdmin] = await Promise.all([accessToken(t.app, HOSPITAL_ADMIN), accessToken(t.app, HOSPITAL_BUYER), accessToken(t.app, POLICE_ADMIN)]);
});
afterAll(async () => {
  await t?.close();
});

describe('users admin: who may', () => {
  it('refuses buyers and staff (403) and visitors (401) on every call', async () => {
    const someone = await idOf(HOSPITAL_BUYER);
    const staff = await accessToken(t.app, CASE_MANAGER);
    for (const token of [buyer, staff]) {
      const list = await call(t.app, 'GET', '/api/v1/users', token);
      expect(list.statusCode).toBe(403);
      expect(list.json().code).toBe(ACCOUNT_ERRORS.ADMINS_ONLY);
      expect((await call(t.app, 'POST', '/api/v1/users', token, { first_name: 'A', last_name: 'B', email: 'x.y@example.be', role: 'admin' })).statusCode).toBe(403);
      expect((await call(t.app, 'PUT', `/api/v1/users/${someone}`, token, { role: 'admin', active: true })).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/v1/users', null)).statusCode).toBe(401);
    // The buyer did not promote themselves.
    const [m] = await query<{ role: string }>(t.app, sql`select role from memberships where user_id = ${someone}`);
    expect(m!.role).toBe('buyer');
  });

  it("never shows or changes another organisation's users", async () => {
    const policeBuyer = await idOf(POLICE_BUYER);
    const list = await call(t.app, 'GET', '/api/v1/users', admin);
    expect(list.statusCode).toBe(200);
    const emails = (list.json() as { email: string }[]).map((u) => u.email);
    expect(emails).toContain(HOSPITAL_BUYER);
    expect(emails.some((e) => e.endsWith('@interventie-polder.example'))).toBe(false);
    expect((await call(t.app, 'GET', `/api/v1/users/${policeBuyer}`, admin)).statusCode).toBe(404);
    const change = await call(t.app, 'PUT', `/api/v1/users/${policeBuyer}`, admin, { role: 'admin', active: false });
    expect(change.statusCode).toBe(404);
    expect(change.json().code).toBe(ACCOUNT_ERRORS.USER_NOT_FOUND);
    const [row] = await query<{ role: string; disabled: boolean }>(t.app, sql`select m.role, m.deactivated_at is not null as disabled from memberships m where m.user_id = ${policeBuyer}`);
    expect(row).toEqual({ role: 'buyer', disabled: false });
  });

  it('reads the role from the database: a demoted administrator loses access at once', async () => {
    const second = await call(t.app, 'POST', '/api/v1/users', policeAdmin, { first_name: 'Second', last_name: 'Admin', email: 'second.admin@interventie-polder.example', role: 'admin' });
    expect(second.statusCode, second.body).toBe(201);
    const markId = await idOf(POLICE_ADMIN);
    // Mark demotes himself (another administrator remains, invited): his token still says admin.
    expect((await call(t.app, 'PUT', `/api/v1/users/${markId}`, policeAdmin, { role: 'buyer', active: true })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/users', policeAdmin)).statusCode).toBe(403);
  });
});

describe('users admin: overview, invitation, role and status', () => {
  it('lists with search, role and status filters', async () => {
    const byName = await call(t.app, 'GET', '/api/v1/users?search=janss', admin);
    expect((byName.json() as { email: string }[]).map((u) => u.email)).toEqual([HOSPITAL_BUYER]);
    const admins = await call(t.app, 'GET', '/api/v1/users?role=admin', admin);
    expect((admins.json() as { role: string }[]).every((u) => u.role === 'admin')).toBe(true);
    const wildcard = await call(t.app, 'GET', '/api/v1/users?search=%25', admin);
    expect(wildcard.json()).toEqual([]);
    expect((await call(t.app, 'GET', '/api/v1/users?status=asleep', admin)).statusCode).toBe(400);
  });

  it('invites a user in their language; the link sets a password and they sign in', async () => {
    const email = 'nieuwe.collega@zorggroep-scheldeland.example';
    const res = await call(t.app, 'POST', '/api/v1/users', admin, { first_name: 'Nina', last_name: 'Collega', email, phone: '0470 11 22 33', role: 'buyer', locale: 'nl' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email, role: 'buyer', status: 'invited', phone: '+32470112233' });
    const mail = await lastMail(t.app, email, 'account.invitation');
    expect(mail?.locale).toBe('nl');
    const path = String(mail!.payload.path);
    expect(path).toMatch(/^\/nl\/auth\/reset-password\?token=/);
    // No password yet: no sign-in.
    expect((await passwordGrant(t.app, email, 'Whatever-2026')).statusCode).toBe(400);
    const tokenValue = new URL(path, 'http://x').searchParams.get('token')!;
    const reset = await call(t.app, 'POST', '/api/v1/auth/reset-password', null, { token: tokenValue, password: 'Nina-Password-2026', password_confirmation: 'Nina-Password-2026' });
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await passwordGrant(t.app, email, 'Nina-Password-2026')).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/v1/users/${res.json().id}`, admin)).json().status).toBe('active');

    const again = await call(t.app, 'POST', '/api/v1/users', admin, { first_name: 'Nina', last_name: 'Collega', email: email.toUpperCase(), role: 'buyer' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ACCOUNT_ERRORS.EMAIL_TAKEN);
    const bad = await call(t.app, 'POST', '/api/v1/users', admin, { first_name: '', last_name: 'X', email: 'not-an-address', phone: '123', role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json().errors as { path: string }[]).map((e) => e.path).sort()).toEqual(['email', 'first_name', 'phone', 'role']);
  });

  it('deactivates (sign-in refused, sessions ended) and reactivates, with an audit trail', async () => {
    const id = await idOf(HOSPITAL_BUYER);
    const off = await call(t.app, 'PUT', `/api/v1/users/${id}`, admin, { role: 'buyer', active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().status).toBe('deactivated');
    const refused = await passwordGrant(t.app, HOSPITAL_BUYER, 'DemoPortal!2025');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(AUTH_ERRORS.ACCOUNT_DISABLED);
    const [open] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from refresh_token_families where user_id = ${id} and revoked_at is null`);
    expect(open!.n).toBe(0);

    const on = await call(t.app, 'PUT', `/api/v1/users/${id}`, admin, { role: 'admin', active: true });
    expect(on.json()).toMatchObject({ status: 'active', role: 'admin' });
    expect((await passwordGrant(t.app, HOSPITAL_BUYER, 'DemoPortal!2025')).statusCode).toBe(200);
    expect((await call(t.app, 'PUT', `/api/v1/users/${id}`, admin, { role: 'buyer', active: true })).statusCode).toBe(200);

    const actions = (await query<{ action: string; organisation_id: string }>(t.app, sql`select action, organisation_id from audit_log where entity_id = ${id} and action like 'users.%' order by id`)).map((r) => r.action);
    expect(actions).toEqual(['users.deactivated', 'users.role_changed', 'users.reactivated', 'users.role_changed']);
  });

  it('keeps the last active administrator: not demoted, not deactivated', async () => {
    const sophie = await idOf(HOSPITAL_ADMIN);
    // Invited administrators (no password yet) are active, so make sure only Sophie is an active admin.
    await query(t.app, sql`update memberships set deactivated_at = now() where role = 'admin' and organisation_id = (select organisation_id from memberships where user_id = ${sophie}) and user_id <> ${sophie}`);
    for (const change of [{ role: 'buyer', active: true }, { role: 'admin', active: false }, { role: 'buyer', active: false }]) {
      const res = await call(t.app, 'PUT', `/api/v1/users/${sophie}`, admin, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json().code).toBe(ACCOUNT_ERRORS.LAST_ADMIN);
    }
    const [row] = await query<{ role: string; disabled: boolean }>(t.app, sql`select m.role, m.deactivated_at is not null as disabled from memberships m where m.user_id = ${sophie}`);
    expect(row).toEqual({ role: 'admin', disabled: false });
    // With a second administrator, the first may step down.
    const lucas = await idOf(HOSPITAL_BUYER);
    expect((await call(t.app, 'PUT', `/api/v1/users/${lucas}`, admin, { role: 'admin', active: true })).statusCode).toBe(200);
    expect((await call(t.app, 'PUT', `/api/v1/users/${sophie}`, admin, { role: 'buyer', active: true })).statusCode).toBe(200);
  });
});
