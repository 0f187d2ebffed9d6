// The privacy policy's year (issue 44, decision 063): a closed account's data is deleted or
// anonymised once the retention period has passed (the time is passed in, never waited for), in
// every table, while what the law keeps stays: the order with the person's name and contact
// replaced, and the issued invoice unchanged, still valid against EN 16931 and Peppol BIS 3.0.
// Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, passwordGrant } from '../../../test-support/account-helpers';
import { accessToken, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';
import { fatal, PEPPOL_BILLING_RULES, validateBatch } from '../../../test-support/schematron';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { organisationOf } from '../../../test-support/two-organisations';
import { DEMO_PASSWORD } from '../../../seed/accounts';
import { addPerson, addRecords, daysFromNow, tablesNaming, type Person } from '../../../test-support/privacy-people';

const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
/** What the law keeps naming the person after the period: the issued invoices and their delivery records (decision 063). */
const KEPT = ['invoice_deliveries', 'invoices'];

let t: TestApp;
/** A web-shop customer who closes their own account; a member of the hospital whose administrator closes theirs. */
let customer: Person;
let member: Person;
let customerOrder: string;
let memberOrder: string;
/** The customer's invoice (a consumer's: EN 16931, sent by mail, decision 048) and the member's (the hospital's: EN 16931 and Peppol). */
const invoiceIds: { customer: string; member: string } = { customer: '', member: '' };
const invoicesBefore: Record<string, { ubl: string; pdf: string; document: string }> = {};
const digest = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

async function invoiceNow(id: string) {
  const [row] = await query<{ ubl: Buffer; pdf: Buffer; document: unknown }>(t.app, sql`select ubl, pdf, document from invoices where id = ${id}`);
  return { ubl: digest(Buffer.from(row!.ubl)), pdf: digest(Buffer.from(row!.pdf)), document: JSON.stringify(row!.document), xml: Buffer.from(row!.ubl).toString('utf8') };
}

beforeAll(async () => {
  t = await startTestApp();
  customer = await addPerson(t.app, 'wanda');
  member = await addPerson(t.app, 'milan', { memberOf: HOSPITAL_BUYER });
  customerOrder = await addRecords(t.app, customer, { organisationId: null });
  memberOrder = await addRecords(t.app, member, { organisationId: await organisationOf(t.app, HOSPITAL_BUYER) });
  // Both orders paid online: their invoices are issued in the payment's transaction, naming the person.
  const today = new Date().toISOString().slice(0, 10);
  invoiceIds.customer = (await t.app.database.db.transaction((tx) => t.app.invoicing.invoicePaidOrder(tx, customerOrder, today)))!;
  invoiceIds.member = (await t.app.database.db.transaction((tx) => t.app.invoicing.invoicePaidOrder(tx, memberOrder, today)))!;
  for (const id of Object.values(invoiceIds)) {
    const { ubl, pdf, document } = await invoiceNow(id);
    invoicesBefore[id] = { ubl, pdf, document };
  }
  // A draft and a sent quotation, a private and a shared order list of the member.
  await query(
    t.app,
    sql`insert into quotations (number, organisation_id, user_id, title, status, sent_at)
        select n, m.organisation_id, m.user_id, 'Quotation of the member', s::quotation_status, case when s = 'sent' then now() end
        from memberships m, (values ('PQ-DRAFT-1', 'draft'), ('PQ-SENT-1', 'sent')) v(n, s) where m.user_id = ${member.id}`,
  );
  await query(
    t.app,
    sql`insert into order_lists (organisation_id, owner_user_id, name, shared)
        select m.organisation_id, m.user_id, n, s from memberships m, (values ('Private list', false), ('Shared list', true)) v(n, s) where m.user_id = ${member.id}`,
  );
  // The member's approval requests (one that became their order, one rejected with a history note in
  // their words) and a cost centre they may order on (issue 44: the approvals' and budgets' part).
  const snapshot = (p: Person) => ({
    checkout: { submitter: { first_name: 'Milan', last_name: p.lastName, function: 'Nurse', full_name: `Milan ${p.lastName}` }, remarks: 'For ward 3' },
    lines: [],
    delivery: { label: `Ward of ${p.lastName}`, street: 'Privacystraat', city: 'Leuven', country: 'BE', email: p.email, phone: p.phone },
    invoice: { label: `Ward of ${p.lastName}`, street: 'Privacystraat', city: 'Leuven', country: 'BE', email: p.email, phone: p.phone },
    money: { subtotal_excl_vat: 25, discount_excl_vat: 0, shipping_excl_vat: 0, vat: 5.25, incl_vat: 30.25 },
  });
  await query(
    t.app,
    sql`insert into approval_requests (organisation_id, user_id, status, reasons, snapshot, locale, order_id, order_number)
        select m.organisation_id, m.user_id, v.status, '[]'::jsonb, ${JSON.stringify(snapshot(member))}::jsonb, 'en', v.order_id, v.order_number
        from memberships m, (values ('approved', ${memberOrder}::uuid, ${`P-${member.id.slice(0, 8)}`}), ('rejected', null::uuid, null)) v(status, order_id, order_number)
        where m.user_id = ${member.id}`,
  );
  await query(t.app, sql`insert into approval_history (request_id, event, by_user_id, note) select id, 'submitted', user_id, ${`Urgent, call ${member.lastName}`} from approval_requests where user_id = ${member.id}`);
  await query(
    t.app,
    sql`with centre as (insert into cost_centres (organisation_id, code, name, active, budget_cents, period)
          select organisation_id, 'PRIV-1', 'Privacy ward', false, 100000, 'month' from memberships where user_id = ${member.id} returning id)
        insert into cost_centre_buyers (cost_centre_id, user_id) select id, ${member.id}::uuid from centre`,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('closing', () => {
  it("ends the web-shop customer's sign-ins now: the access token they hold, their refresh token and a new sign-in are refused", async () => {
    const signIn = await passwordGrant(t.app, customer.email, DEMO_PASSWORD);
    expect(signIn.statusCode, signIn.body).toBe(200);
    const { access_token, refresh_token } = signIn.json() as { access_token: string; refresh_token: string };
    expect((await call(t.app, 'GET', '/api/v1/profile', access_token)).statusCode).toBe(200);

    const closed = await call(t.app, 'POST', '/api/v1/profile/close', access_token, { confirm: true });
    expect(closed.statusCode, closed.body).toBe(200);
    const closedAt = new Date(closed.json().closed_at as string);
    expect(closed.json().erased_from).toBe(new Date(closedAt.getTime() + 365 * 86_400_000).toISOString().slice(0, 10));

    const after = await call(t.app, 'GET', '/api/v1/profile/data', access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('ACCOUNT_DISABLED');
    expect((await passwordGrant(t.app, customer.email, DEMO_PASSWORD)).statusCode).toBe(400);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: 'portal-web', client_secret: 'test-client-secret', grant_type: 'refresh_token', refresh_token }).toString(),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(400);
    const [families] = await query<{ open: number }>(t.app, sql`select count(*)::int as open from refresh_token_families where user_id = ${customer.id} and revoked_at is null`);
    expect(families!.open).toBe(0);
  });

  it("closes the member's account when the hospital's administrator closes it", async () => {
    const res = await call(t.app, 'POST', `/api/v1/users/${member.id}/close`, await accessToken(t.app, HOSPITAL_ADMIN));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'closed' });
  });
});

describe('the retention job', () => {
  it('keeps everything until the period has passed', async () => {
    expect(await t.app.accountRetention.runAt(daysFromNow(364))).toBe(0);
    expect(Object.keys(await tablesNaming(t.app, customer))).toContain('users');
    expect(Object.keys(await tablesNaming(t.app, member))).toContain('users');
  });

  it("erases both accounts' data a year after their closure, in every table but the issued invoice", async () => {
    const before = await tablesNaming(t.app, customer);
    // Sanity: the scan sees the records the owners hold before the job runs.
    for (const table of ['users', 'addresses', 'orders', 'order_messages', 'contact_requests', 'newsletter_subscriptions', 'outbox', 'invoices']) expect(before, table).toHaveProperty(table);

    expect(await tablesNaming(t.app, member)).toHaveProperty('approval_requests');
    expect(await tablesNaming(t.app, member)).toHaveProperty('approval_history');

    expect(await t.app.accountRetention.runAt(daysFromNow(366))).toBe(2);
    expect(Object.keys(await tablesNaming(t.app, customer)).filter((table) => !KEPT.includes(table))).toEqual([]);
    expect(Object.keys(await tablesNaming(t.app, member)).filter((table) => !KEPT.includes(table))).toEqual([]);
    // Once only.
    expect(await t.app.accountRetention.runAt(daysFromNow(400))).toBe(0);
  });

  it('leaves the accounts as anonymous rows that sign nobody in', async () => {
    const rows = await query<{ email: string; first_name: string; last_name: string; phone: string | null; password_hash: string | null; anonymised: boolean }>(
      t.app,
      sql`select email, first_name, last_name, phone, password_hash, anonymised_at is not null as anonymised from users where id in (${customer.id}, ${member.id}) order by email`,
    );
    expect(rows).toEqual([
      { email: `closed-${customer.id}@closed.invalid`, first_name: '', last_name: '', phone: null, password_hash: null, anonymised: true },
      { email: `closed-${member.id}@closed.invalid`, first_name: '', last_name: '', phone: null, password_hash: null, anonymised: true },
    ].sort((a, b) => a.email.localeCompare(b.email)));
    for (const table of ['addresses', 'memberships', 'refresh_token_families', 'carts', 'contact_requests']) {
      const [row] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from ${sql.identifier(table)} where user_id in (${customer.id}, ${member.id})`);
      expect(row!.n, table).toBe(0);
    }
  });

  it('keeps the orders, without the name and contact, and their goods, amounts and addresses', async () => {
    for (const id of [customerOrder, memberOrder]) {
      const [order] = await query<{ delivery_address: Record<string, unknown>; submitter: Record<string, unknown>; total_cents: number; lines: number }>(
        t.app,
        sql`select delivery_address, submitter, total_cents, (select count(*)::int from order_lines l where l.order_id = o.id) as lines from orders o where id = ${id}`,
      );
      expect(order).toMatchObject({ total_cents: 3025, lines: 1 });
      expect(order!.delivery_address).toMatchObject({ label: '', email: null, phone: null, street: 'Privacystraat', city: 'Leuven' });
      expect(order!.submitter).toMatchObject({ first_name: '', last_name: '', full_name: '', declaration: { text: 'I am authorised to order.' } });
    }
  });

  it("keeps the member's sent quotation and shared list for the organisation, and deletes their draft and private list", async () => {
    const quotations = await query<{ number: string }>(t.app, sql`select number from quotations where user_id = ${member.id} order by number`);
    expect(quotations.map((q) => q.number)).toEqual(['PQ-SENT-1']);
    const lists = await query<{ name: string }>(t.app, sql`select name from order_lists where owner_user_id = ${member.id} order by name`);
    expect(lists.map((l) => l.name)).toEqual(['Shared list']);
  });

  it("keeps the member's approval that became an order without their name, drops the rejected one, and their cost-centre assignment", async () => {
    const requests = await query<{ status: string; order_id: string | null; submitter: Record<string, unknown>; delivery: Record<string, unknown> }>(
      t.app,
      sql`select status, order_id, snapshot #> '{checkout,submitter}' as submitter, snapshot -> 'delivery' as delivery from approval_requests where user_id = ${member.id}`,
    );
    expect(requests).toEqual([
      {
        status: 'approved',
        order_id: memberOrder,
        submitter: { first_name: '', last_name: '', function: '', full_name: '' },
        delivery: { label: '', street: 'Privacystraat', city: 'Leuven', country: 'BE', email: null, phone: null },
      },
    ]);
    const [assigned] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from cost_centre_buyers where user_id = ${member.id}`);
    expect(assigned!.n).toBe(0);
  });

  it('leaves the issued invoices as they were, and they still validate (EN 16931; the organisation\'s also Peppol BIS Billing 3.0)', { timeout: 180_000 }, async () => {
    const customerXml = new Map<string, string>();
    const memberXml = new Map<string, string>();
    for (const [who, id] of Object.entries(invoiceIds)) {
      const { ubl, pdf, document, xml } = await invoiceNow(id);
      expect({ ubl, pdf, document }, who).toEqual(invoicesBefore[id]);
      (who === 'customer' ? customerXml : memberXml).set(`${who}.xml`, xml);
    }
    const both = new Map([...customerXml, ...memberXml]);
    // A consumer's invoice names them by e-mail (EM), which Peppol's list has not: it goes by mail, never over Peppol.
    const [cen, peppol] = await Promise.all([validateBatch(PEPPOL_BILLING_RULES.cen, both), validateBatch(PEPPOL_BILLING_RULES.peppol, memberXml)]);
    expect(cen.results.size + peppol.results.size).toBe(3);
    expect([...cen.results, ...peppol.results].flatMap(([name, found]) => fatal(found).map((f) => `${name}: ${f.id} ${f.text}`))).toEqual([]);
  });
});
