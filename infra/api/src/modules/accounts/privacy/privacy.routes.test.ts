// What the privacy policy promises (issue 44, decision 063), through the API: anyone signed in
// downloads their own data as JSON and CSV (and nobody else's); a member of an organisation asks
// its administrator to close the account, who closes it (the last administrator excepted), or,
// for a person who belongs to another organisation too, removes them from this one only.
// Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, AUTH_ERRORS, DataExportSchema, PRIVACY_ERRORS } from '@portal/shared/schemas';
import { call, passwordGrant } from '../../../test-support/account-helpers';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { CASE_MANAGER } from '../../../test-support/orders';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { addPersonInTwoOrganisations } from '../../../test-support/two-organisations';
import { DEMO_PASSWORD } from '../../../seed/accounts';
import { csvField } from '../../../common/csv';
import { addPerson, addRecords, type Person } from '../../../test-support/privacy-people';

const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
const POLICE_ADMIN = 'mark.devries@interventie-polder.example';

let t: TestApp;
let customer: Person;
let customerToken: string;
let orderNumber: string;

beforeAll(async () => {
  t = await startTestApp();
  customer = await addPerson(t.app, 'downloader');
  await addRecords(t.app, customer, { organisationId: null });
  [{ number: orderNumber }] = (await query<{ number: string }>(t.app, sql`select number from orders where user_id = ${customer.id}`)) as [{ number: string }];
  customerToken = await accessToken(t.app, customer.email);
});
afterAll(async () => {
  await t?.close();
});

describe('downloading my data', () => {
  it('gives the signed-in person their profile, addresses, orders, messages and the rest as JSON, to keep', async () => {
    const res = await call(t.app, 'GET', '/api/v1/profile/data', customerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = v.parse(DataExportSchema, res.json());
    expect(data.profile).toMatchObject({ id: customer.id, email: customer.email, last_name: customer.lastName, phone: customer.phone, closed_at: null });
    expect(data.sections.addresses).toEqual([expect.objectContaining({ street: 'Privacystraat', phone: customer.phone })]);
    expect(data.sections.orders).toEqual([expect.objectContaining({ number: orderNumber, total_cents: 3025, remarks: 'Leave at the door' })]);
    expect(data.sections.order_lines).toEqual([expect.objectContaining({ order_number: orderNumber, quantity: 2 })]);
    expect(data.sections.messages).toEqual([expect.objectContaining({ order_number: orderNumber, body: expect.stringContaining(customer.lastName) })]);
    expect(data.sections.contact_requests).toHaveLength(1);
    expect(data.sections.newsletter).toEqual([expect.objectContaining({ email: customer.email })]);
    expect(data.sections.cart).toHaveLength(1);
    for (const section of ['quotations', 'order_lists', 'organisations']) expect(data.sections[section], section).toEqual([]);
  });

  it('gives the same records as CSV, one value a line', async () => {
    const res = await call(t.app, 'GET', '/api/v1/profile/data/csv', customerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="my-data-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('section,record,field,value');
    expect(lines).toContain(`profile,1,email,${customer.email}`);
    expect(lines).toContain(`orders,1,number,${orderNumber}`);
    // A message's comma is quoted; an address snapshot is one JSON value.
    expect(lines).toContain(`messages,1,body,"Please call me on ${customer.phone}, ${customer.lastName}"`);
    expect(lines.find((l) => l.startsWith('orders,1,delivery_address,'))).toContain('""street"":""Privacystraat""');
  });

  it('quotes what a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+32 470')).toBe("'+32 470");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });

  it("gives a buyer of an organisation their own orders only, never a colleague's, and staff their own profile", async () => {
    const res = await call(t.app, 'GET', '/api/v1/profile/data', await accessToken(t.app, HOSPITAL_BUYER));
    expect(res.statusCode, res.body).toBe(200);
    const data = v.parse(DataExportSchema, res.json());
    const [own] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from orders o join users u on u.id = o.user_id where u.email = ${HOSPITAL_BUYER}`);
    expect(data.sections.orders).toHaveLength(own!.n);
    expect(data.sections.organisations).toEqual([expect.objectContaining({ organisation: 'Zorggroep Scheldeland', role: 'buyer' })]);
    expect(JSON.stringify(data)).not.toContain(customer.lastName);
    const staff = await call(t.app, 'GET', '/api/v1/profile/data', await accessToken(t.app, CASE_MANAGER));
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().profile.email).toBe(CASE_MANAGER);
  });

  it('refuses without a sign-in', async () => {
    expect((await call(t.app, 'GET', '/api/v1/profile/data', null)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/profile/data/csv', null)).statusCode).toBe(401);
  });
});

describe('closing my own account', () => {
  it('needs the confirmation, and refuses an unknown field', async () => {
    for (const payload of [{}, { confirm: false }, { confirm: 'yes' }, { confirm: true, reason: 'x' }]) {
      const res = await call(t.app, 'POST', '/api/v1/profile/close', customerToken, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const [row] = await query<{ closed: boolean }>(t.app, sql`select closed_at is not null as closed from users where id = ${customer.id}`);
    expect(row!.closed).toBe(false);
  });

  it("sends a member of an organisation to its administrator, and staff to the operator, closing nothing", async () => {
    const buyer = await call(t.app, 'POST', '/api/v1/profile/close', await accessToken(t.app, HOSPITAL_BUYER), { confirm: true });
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json().code).toBe(PRIVACY_ERRORS.CLOSE_BY_ADMINISTRATOR);
    const staff = await call(t.app, 'POST', '/api/v1/profile/close', await accessToken(t.app, CASE_MANAGER), { confirm: true });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().code).toBe(ACCOUNT_ERRORS.CUSTOMERS_ONLY);
    const [row] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from users where closed_at is not null`);
    expect(row!.n).toBe(0);
  });
});

describe("an administrator closes a user's account", () => {
  it("closes a member's account: their access token is refused at once, and they cannot sign in again", async () => {
    const member = await addPerson(t.app, 'colleague', { memberOf: HOSPITAL_BUYER });
    const token = await accessToken(t.app, member.email);
    expect((await call(t.app, 'GET', '/api/v1/profile', token)).statusCode).toBe(200);

    // Buyers and another organisation's administrator cannot.
    expect((await call(t.app, 'POST', `/api/v1/users/${member.id}/close`, await accessToken(t.app, HOSPITAL_BUYER))).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/api/v1/users/${member.id}/close`, await accessToken(t.app, POLICE_ADMIN))).statusCode).toBe(404);

    const res = await call(t.app, 'POST', `/api/v1/users/${member.id}/close`, await accessToken(t.app, HOSPITAL_ADMIN));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'closed' });
    const refused = await call(t.app, 'GET', '/api/v1/profile', token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(AUTH_ERRORS.ACCOUNT_DISABLED);
    expect((await passwordGrant(t.app, member.email, DEMO_PASSWORD)).statusCode).toBe(400);
    const [audit] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from audit_log where action = 'account.closed' and entity_id = ${member.id}`);
    expect(audit!.n).toBe(1);
    // Closed once: the date the retention counts from does not move.
    const again = await call(t.app, 'POST', `/api/v1/users/${member.id}/close`, await accessToken(t.app, HOSPITAL_ADMIN));
    expect(again.statusCode, again.body).toBe(200);
    const [closures] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from audit_log where action = 'account.closed' and entity_id = ${member.id}`);
    expect(closures!.n).toBe(1);
  });

  it('keeps the last administrator', async () => {
    const [admin] = await query<{ id: string }>(t.app, sql`select id::text from users where email = ${HOSPITAL_ADMIN}`);
    const res = await call(t.app, 'POST', `/api/v1/users/${admin!.id}/close`, await accessToken(t.app, HOSPITAL_ADMIN));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe(ACCOUNT_ERRORS.LAST_ADMIN);
    expect((await call(t.app, 'GET', '/api/v1/profile', await accessToken(t.app, HOSPITAL_ADMIN))).statusCode).toBe(200);
  });

  it('removes a person who belongs to another organisation too from this one only: their account goes on there', async () => {
    const email = 'two.organisations@privacy-test.example';
    const { personId, orgB } = await addPersonInTwoOrganisations(t.app, email);
    const res = await call(t.app, 'POST', `/api/v1/users/${personId}/close`, await accessToken(t.app, HOSPITAL_ADMIN));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'removed' });
    const rows = await query<{ organisation_id: string }>(t.app, sql`select organisation_id::text from memberships where user_id = ${personId}`);
    expect(rows).toEqual([{ organisation_id: orgB }]);
    const [user] = await query<{ closed: boolean }>(t.app, sql`select closed_at is not null as closed from users where id = ${personId}`);
    expect(user!.closed).toBe(false);
    // They sign in to the police unit now; its administrator still sees them.
    const signIn = await passwordGrant(t.app, email, DEMO_PASSWORD);
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect((await call(t.app, 'GET', `/api/v1/users/${personId}`, await accessToken(t.app, POLICE_ADMIN))).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/v1/users/${personId}`, await accessToken(t.app, HOSPITAL_ADMIN))).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/v1/profile', await accessToken(t.app, POLICE_BUYER))).statusCode).toBe(200);
  });
});
