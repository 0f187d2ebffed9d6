// Contract of the customers import's addresses and invitations (issue 29, decision 049): addresses
// upserted by the ERP's key and removed when no longer listed, invitations queued once, both only
// with a newer organisation version; a bad address or a foreign user refuses its line only.
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CustomerRecordSchema, IMPORT_ERRORS } from '@portal/shared/schemas';
import { addresses, memberships, organisations, outbox, users } from '../../db/schema';
import { HOSPITAL_BUYER } from '../../test-support/demo-buyers';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { EXAMPLE_LINES } from './examples';
import { ndjson, sendBulk } from './imports.test-support';

let t: TestApp;
let client: TestIntegrationClient;
beforeAll(async () => {
  t = await startTestApp();
  client = await integrationClient(t.app, ['customers:write']);
});
afterAll(async () => {
  await t?.close();
});

const address = (key: string, over: Record<string, unknown> = {}) => ({
  key,
  type: 'shipping',
  label: `Depot ${key}`,
  street: 'Kaai',
  nr: '12',
  box: null,
  postal_code: '2000',
  city: 'Antwerpen',
  country: 'BE',
  email: 'depot@example.be',
  phone: '03 123 45 67',
  is_default: false,
  ...over,
});
const invitee = (email: string, over: Record<string, unknown> = {}) => ({ email, first_name: 'Ines', last_name: 'Import', role: 'buyer', locale: 'fr', ...over });
const customer = (number: string, over: Record<string, unknown> = {}) => ({
  customer_number: number,
  version: 1,
  name: `Imported ${number}`,
  client_type: 'B2B',
  organisation_type: 'medical',
  country: 'BE',
  ...over,
});
const db = () => t.app.database.db;
const orgId = async (number: string) => (await db().select({ id: organisations.id }).from(organisations).where(eq(organisations.customerNumber, number)))[0]?.id;
const imported = async (number: string) =>
  db()
    .select({ key: addresses.externalKey, label: addresses.label, type: addresses.type, phone: addresses.phone, isDefault: addresses.isDefault })
    .from(addresses)
    .where(and(eq(addresses.organisationId, (await orgId(number))!), isNotNull(addresses.externalKey)))
    .orderBy(addresses.externalKey);
const invitations = (email: string) =>
  db()
    .select({ locale: outbox.locale, payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.template, 'account.invitation')));

describe('customers import: addresses', () => {
  it("documents a line the schema accepts (the OpenAPI example and the ERP guide's)", () => {
    expect(v.safeParse(CustomerRecordSchema, JSON.parse(EXAMPLE_LINES.customers!)).success).toBe(true);
  });

  it('upserts by key, refuses a bad address by line, leaves older versions and replays alone, removes what is no longer listed', async () => {
    const jobId = randomUUID();
    const first = customer('CU-ADR-1', { addresses: [address('A1', { is_default: true }), address('B1', { type: 'billing' })] });
    const bad = customer('CU-ADR-2', { addresses: [address('X', { postal_code: '20000' })] });
    const res = await sendBulk(t.app, 'customers', client.headers, ndjson([first, bad]), jobId);
    expect(res.json()).toMatchObject({ status: 'done', accepted: 1, refused: 1 });
    const refusals = (await t.app.inject({ url: `/api/integration/v1/jobs/${jobId}/refusals`, headers: client.headers })).json();
    expect(refusals.items.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual([[2, IMPORT_ERRORS.INVALID_RECORD]]);
    expect(refusals.items[0].message).toContain('postal_code');
    expect(await orgId('CU-ADR-2')).toBeUndefined();
    expect(await imported('CU-ADR-1')).toEqual([
      { key: 'A1', label: 'Depot A1', type: 'shipping', phone: '+3231234567', isDefault: true },
      { key: 'B1', label: 'Depot B1', type: 'billing', phone: '+3231234567', isDefault: false },
    ]);

    // A replay and an older version change nothing (the older one would have removed B1).
    const older = customer('CU-ADR-1', { version: 0, addresses: [address('A1', { label: 'Old' })] });
    expect((await sendBulk(t.app, 'customers', client.headers, ndjson([first, older]))).json()).toMatchObject({ accepted: 0, unchanged: 2 });
    expect((await imported('CU-ADR-1')).map((a) => [a.key, a.label])).toEqual([
      ['A1', 'Depot A1'],
      ['B1', 'Depot B1'],
    ]);

    // A newer version: A1 renamed, B1 no longer listed (removed), C1 new; a portal address stays.
    const id = (await orgId('CU-ADR-1'))!;
    await db().insert(addresses).values({ organisationId: id, label: 'Typed in the portal', type: 'shipping', street: 'Weg', nr: '1', postalCode: '9000', city: 'Gent', country: 'BE', isDefault: false });
    const newer = customer('CU-ADR-1', { version: 2, addresses: [address('A1', { label: 'Main depot' }), address('C1', { type: 'billing', is_default: true })] });
    expect((await sendBulk(t.app, 'customers', client.headers, ndjson([newer]))).json()).toMatchObject({ accepted: 1 });
    expect((await imported('CU-ADR-1')).map((a) => [a.key, a.label, a.isDefault])).toEqual([
      ['A1', 'Main depot', false],
      ['C1', 'Depot C1', true],
    ]);
    expect((await db().select().from(addresses).where(eq(addresses.organisationId, id))).map((a) => a.label)).toContain('Typed in the portal');

    // Without `addresses` the stored ones stay; duplicate keys in one record are refused.
    expect((await sendBulk(t.app, 'customers', client.headers, ndjson([customer('CU-ADR-1', { version: 3 })]))).json()).toMatchObject({ accepted: 1 });
    expect(await imported('CU-ADR-1')).toHaveLength(2);
    const dup = await sendBulk(t.app, 'customers', client.headers, ndjson([customer('CU-ADR-1', { version: 4, addresses: [address('A1'), address('A1')] })]));
    expect(dup.json()).toMatchObject({ accepted: 0, refused: 1 });
  });
});

describe('customers import: invited users', () => {
  it('invites a new user once in their language, leaves members alone, refuses an address with an account elsewhere', async () => {
    const email = 'ines.import@imported.example';
    const jobId = randomUUID();
    const res = await sendBulk(
      t.app,
      'customers',
      client.headers,
      ndjson([customer('CU-USR-1', { users: [invitee(email)] }), customer('CU-USR-2', { users: [invitee(HOSPITAL_BUYER)] }), customer('CU-USR-3')]),
      jobId,
    );
    expect(res.json()).toMatchObject({ status: 'done', accepted: 2, refused: 1 });
    const refusals = (await t.app.inject({ url: `/api/integration/v1/jobs/${jobId}/refusals`, headers: client.headers })).json();
    expect(refusals.items.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual([[2, IMPORT_ERRORS.USER_ELSEWHERE]]);
    expect(await orgId('CU-USR-2')).toBeUndefined();
    expect(await orgId('CU-USR-3')).toBeDefined();
    const mails = await invitations(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ locale: 'fr', payload: { organisationName: 'Imported CU-USR-1' } });
    // The supplier invites, not a person: the mail's own wording names it (mail/templates.test.ts).
    expect(mails[0]!.payload).toMatchObject({ inviterName: null });
    const [member] = await db()
      .select({ role: memberships.role, organisationId: memberships.organisationId, hash: users.passwordHash })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.email, email));
    expect(member).toMatchObject({ role: 'buyer', organisationId: await orgId('CU-USR-1'), hash: null });

    // A replay invites nobody; a newer version naming them as admin neither invites nor promotes them.
    expect((await sendBulk(t.app, 'customers', client.headers, ndjson([customer('CU-USR-1', { users: [invitee(email)] })]))).json()).toMatchObject({ unchanged: 1 });
    expect((await sendBulk(t.app, 'customers', client.headers, ndjson([customer('CU-USR-1', { version: 2, users: [invitee(email.toUpperCase(), { role: 'admin' })] })]))).json()).toMatchObject({ accepted: 1 });
    expect(await invitations(email)).toHaveLength(1);
    expect((await db().select({ role: memberships.role }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(eq(users.email, email)))[0]?.role).toBe('buyer');
  });

  it('refuses a new address two organisations of one batch both invite (the second line)', async () => {
    const email = 'twice@imported.example';
    const jobId = randomUUID();
    const res = await sendBulk(t.app, 'customers', client.headers, ndjson([customer('CU-USR-4', { users: [invitee(email)] }), customer('CU-USR-5', { users: [invitee(email)] })]), jobId);
    expect(res.json()).toMatchObject({ accepted: 1, refused: 1 });
    const refusals = (await t.app.inject({ url: `/api/integration/v1/jobs/${jobId}/refusals`, headers: client.headers })).json();
    expect(refusals.items.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual([[2, IMPORT_ERRORS.USER_ELSEWHERE]]);
    expect(await invitations(email)).toHaveLength(1);
  });
});
