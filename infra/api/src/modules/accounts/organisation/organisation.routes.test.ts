import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCOUNT_ERRORS } from '@portal/shared/schemas';
import { call } from '../../../test-support/account-helpers';
import { accessToken, anonymousToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('organisation and contract', () => {
  it("shows the caller's own company, contract, conditions and contact people", async () => {
    const [org] = await query<{ id: string }>(t.app, sql`select organisation_id as id from memberships m join users u on u.id = m.user_id where u.email = ${HOSPITAL_BUYER}`);
    // A discount for this organisation, and a shipping rate with a "free from" amount for Belgium.
    await query(t.app, sql`insert into discount_codes (code, kind, value, organisation_id) values ('SCHELDE10', 'percent', 1000, ${org!.id})`);
    await query(t.app, sql`insert into shipping_methods (code, name) values ('account-test', '{"en":"Test"}'::jsonb) on conflict do nothing`);
    await query(t.app, sql`insert into shipping_rates (shipping_method_id, country, price_cents, free_from_cents) select id, 'BE', 995, 25000 from shipping_methods where code = 'account-test'`);

    const res = await call(t.app, 'GET', '/api/v1/organisation', await accessToken(t.app, HOSPITAL_BUYER));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Zorggroep Scheldeland', client_type: expect.any(String), billing_email: 'facturatie@zorggroep-scheldeland.example' });
    expect(body.contract).toMatchObject({ number: 'CTR-2024-0107', starts_on: '2024-03-01', ends_on: '2027-02-28', payment_term_days: 30, document_url: null });
    expect(body.contract.discounts).toEqual([{ code: 'SCHELDE10', kind: 'percentage', value: 10, valid_until: null }]);
    expect(body.contract.free_shipping_from_excl_vat).toBe(25000);
    expect(body.case_manager).toMatchObject({ name: 'An Claes', email: 'an.claes@portal-supplier.example' });
    expect(body.sales_consultant).toMatchObject({ name: 'Pieter Willems' });
    expect(body.primary_contact).toMatchObject({ email: 'sophie.peeters@zorggroep-scheldeland.example' });
    expect(body.addresses.length).toBeGreaterThan(0);

    // The other organisation sees its own contract, never this one's discount.
    const police = (await call(t.app, 'GET', '/api/v1/organisation', await accessToken(t.app, POLICE_BUYER))).json();
    expect(police.contract.number).toBe('CTR-2025-0042');
    expect(JSON.stringify(police)).not.toContain('SCHELDE10');
    expect(JSON.stringify(police)).not.toContain('Zorggroep');
  });

  it("gives the contract's name and conditions in the reader's language, as written where it has none", async () => {
    const token = await accessToken(t.app, HOSPITAL_BUYER);
    const contractIn = async (language: string) =>
      (await call(t.app, 'GET', '/api/v1/organisation', token, undefined, { 'accept-language': language })).json().contract as { name: string; conditions: string };
    expect(await contractIn('en')).toMatchObject({ name: 'Framework agreement medical supplies 2024–2027', conditions: expect.stringMatching(/^Contract prices exclude VAT/) });
    expect(await contractIn('nl')).toMatchObject({ name: 'Raamovereenkomst medische benodigdheden 2024–2027', conditions: expect.stringMatching(/^Contractprijzen zijn exclusief btw/) });
    expect(await contractIn('fr')).toMatchObject({ name: 'Accord-cadre fournitures médicales 2024–2027', conditions: expect.stringMatching(/^Les prix du contrat s’entendent hors TVA/) });
    // A contract without a French text shows it as written.
    await query(t.app, sql`update contracts set conditions_translations = conditions_translations - 'fr' where number = 'CTR-2024-0107'`);
    expect((await contractIn('fr')).conditions).toMatch(/^Contract prices exclude VAT/);
  });

  it('refuses staff, visitors, and a customer without organisation', async () => {
    const staff = await call(t.app, 'GET', '/api/v1/organisation', await accessToken(t.app, 'an.claes@portal-supplier.example'));
    expect(staff.statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/v1/organisation', await anonymousToken(t.app))).statusCode).toBe(401);
    await query(t.app, sql`delete from memberships where user_id = (select id from users where email = ${POLICE_BUYER})`);
    const token = await accessToken(t.app, POLICE_BUYER);
    const none = await call(t.app, 'GET', '/api/v1/organisation', token);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe(ACCOUNT_ERRORS.NO_ORGANISATION);
  });
});
