// The administrators' cost centres (issue 33, decision 054): created and changed with their buyers
// and budget, a code once per organisation, only members assigned, another organisation's ids not
// found, buyers and staff refused; the buyer's checkout choice lists their active cost centres.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERRORS, BUDGET_ERRORS } from '@portal/shared/schemas';
import { accessToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../test-support/demo-buyers';
import { headers } from '../../test-support/placement';
import { startTestApp, type TestApp } from '../../test-support/test-app';

const HOSPITAL_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
const POLICE_ADMIN = 'mark.devries@interventie-polder.example';

let t: TestApp;
let admin: string;
let buyer: string;
let policeAdmin: string;
beforeAll(async () => {
  t = await startTestApp({ authRequestLimit: 100_000 } as never);
  [admin, buyer, policeAdmin] = [await accessToken(t.app, HOSPITAL_ADMIN), await accessToken(t.app, HOSPITAL_BUYER), await accessToken(t.app, POLICE_ADMIN)];
});
afterAll(async () => {
  await t?.close();
});

const userId = async (email: string) => (await query<{ id: string }>(t.app, sql`select id from users where email = ${email}`))[0]!.id;
const send = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token), ...(payload ? { payload } : {}) });
const ward = (code: string, extra: object = {}) => ({ code, name: `Ward ${code}`, budget_cents: 250_000, period: 'quarter', ...extra });

describe('cost centres', () => {
  it('an administrator creates and changes one with its buyers; this period starts on the quarter\'s first day', async () => {
    const lucas = await userId(HOSPITAL_BUYER);
    const created = await send(admin, 'POST', '/cost-centres', ward('ICU', { buyer_ids: [lucas] }));
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ code: 'ICU', active: true, budget_cents: 250_000, period: 'quarter', spent_cents: 0, remaining_cents: 250_000, buyer_ids: [lucas] });
    expect(body.period_start).toMatch(/^\d{4}-(01|04|07|10)-01$/);
    const changed = await send(admin, 'PUT', `/cost-centres/${body.id}`, ward('ICU', { name: 'Intensive care', period: 'year', buyer_ids: [] }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Intensive care', period: 'year', buyer_ids: [] });
    expect(changed.json().period_start).toMatch(/^\d{4}-01-01$/);
    const list = await send(admin, 'GET', '/cost-centres');
    expect(list.json()).toMatchObject({ over_budget: 'refuse', cost_centres: [{ code: 'ICU' }] });
  });

  it('refuses a second code, a buyer of another organisation and a bad budget, writing nothing', async () => {
    await send(admin, 'POST', '/cost-centres', ward('ER'));
    const twice = await send(admin, 'POST', '/cost-centres', ward('ER'));
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json()).toMatchObject({ code: BUDGET_ERRORS.CODE_TAKEN, errors: [{ path: 'code' }] });
    const stranger = await send(admin, 'POST', '/cost-centres', ward('LAB', { buyer_ids: [await userId(POLICE_BUYER)] }));
    expect(stranger.statusCode, stranger.body).toBe(422);
    expect(stranger.json()).toMatchObject({ code: BUDGET_ERRORS.NOT_A_MEMBER });
    for (const budget_cents of [-1, 1.5, 1e13]) {
      const bad = await send(admin, 'POST', '/cost-centres', ward('BAD', { budget_cents }));
      expect(bad.statusCode, `${budget_cents}: ${bad.body}`).toBe(400);
    }
    const codes = await query<{ code: string }>(t.app, sql`select code from cost_centres where code in ('LAB', 'BAD')`);
    expect(codes).toEqual([]);
  });

  it("keeps organisations apart: another organisation's cost centre is not found, buyers are refused", async () => {
    const theirs = (await send(policeAdmin, 'POST', '/cost-centres', ward('PATROL'))).json().id as string;
    expect((await send(admin, 'GET', `/cost-centres/${theirs}`)).statusCode).toBe(404);
    const edit = await send(admin, 'PUT', `/cost-centres/${theirs}`, ward('PATROL', { name: 'Taken over' }));
    expect(edit.statusCode).toBe(404);
    expect((await query<{ name: string }>(t.app, sql`select name from cost_centres where id = ${theirs}`))[0]!.name).toBe('Ward PATROL');
    const asBuyer = await send(buyer, 'GET', '/cost-centres');
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json()).toMatchObject({ code: ACCOUNT_ERRORS.ADMINS_ONLY });
    expect((await send(buyer, 'PUT', '/budget-rule', { over_budget: 'approval' })).statusCode).toBe(403);
  });

  it("lists the buyer's own active cost centres for the checkout", async () => {
    const lucas = await userId(HOSPITAL_BUYER);
    await send(admin, 'POST', '/cost-centres', ward('MINE', { buyer_ids: [lucas] }));
    await send(admin, 'POST', '/cost-centres', ward('OFF', { buyer_ids: [lucas], active: false }));
    const mine = await send(buyer, 'GET', '/cost-centres/mine');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ required: true, cost_centres: [{ id: expect.any(String), code: 'MINE', name: 'Ward MINE', remaining_cents: 250_000 }] });
  });
});
