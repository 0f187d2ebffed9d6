// Deactivation belongs to the membership (decision 032): a person in two organisations, deactivated
// by one organisation's administrator, is refused there at once (sign-in, refresh and the access
// token they hold) and keeps working in the other; each administrator only reaches their own
// organisation's membership. Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, OAUTH_ERRORS } from '@portal/shared/schemas';
import { call, freshIp, passwordGrant } from '../../../test-support/account-helpers';
import { accessToken, query } from '../../../test-support/demo-buyers';
import { CLIENT, FORM_HEADERS, form, startTestApp, type TestApp } from '../../../test-support/test-app';
import { addPersonInTwoOrganisations } from '../../../test-support/two-organisations';

const A_ADMIN = 'sophie.peeters@zorggroep-scheldeland.example';
const B_ADMIN = 'mark.devries@interventie-polder.example';
const PASSWORD = 'DemoPortal!2025';
/** A consultant who works for both organisations: a member of A first, then of B. */
const TWO_ORGS = 'consultant.twee@example.be';

let t: TestApp;
let adminA: string;
let adminB: string;
let personId: string;
let orgA: string;
let orgB: string;

beforeAll(async () => {
  t = await startTestApp();
  // The demo buyer's account copied (same password), then joined to A and, a day later, to B.
  ({ personId, orgA, orgB } = await addPersonInTwoOrganisations(t.app, TWO_ORGS));
  [adminA, adminB] = [await accessToken(t.app, A_ADMIN), await accessToken(t.app, B_ADMIN)];
});
afterAll(async () => {
  await t?.close();
});

/** Signs the person in: their tokens and the organisation the access token acts for. */
async function signIn() {
  const res = await passwordGrant(t.app, TWO_ORGS, PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  const tokens = res.json() as { access_token: string; refresh_token: string };
  const me = await call(t.app, 'GET', '/api/v1/me', tokens.access_token);
  expect(me.statusCode, me.body).toBe(200);
  return { ...tokens, organisationId: me.json().organisationId as string };
}
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/oauth/token', headers: FORM_HEADERS, remoteAddress: freshIp(), payload: form({ ...CLIENT, grant_type: 'refresh_token', refresh_token: refreshToken }) });
const setActive = (token: string, active: boolean) => call(t.app, 'PUT', `/api/v1/users/${personId}`, token, { role: 'buyer', active });
const statusIn = async (token: string) => (await call(t.app, 'GET', `/api/v1/users/${personId}`, token)).json().status as string;
const memberships = () =>
  query<{ organisation_id: string; deactivated: boolean }>(t.app, sql`select organisation_id, deactivated_at is not null as deactivated from memberships where user_id = ${personId} order by created_at`);

describe('deactivation per organisation', () => {
  it("ends the person's access to A at once, and leaves B working", async () => {
    const inA = await signIn();
    expect(inA.organisationId).toBe(orgA);

    const off = await setActive(adminA, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().status).toBe('deactivated');
    expect(await memberships()).toEqual([
      { organisation_id: orgA, deactivated: true },
      { organisation_id: orgB, deactivated: false },
    ]);

    // The access token they hold stops now, not at its expiry; so does its refresh token.
    const stale = await call(t.app, 'GET', '/api/v1/me', inA.access_token);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe(AUTH_ERRORS.ACCOUNT_DISABLED);
    expect((await call(t.app, 'GET', '/api/v1/cart', inA.access_token, undefined, { 'x-shop-type': 'portal' })).statusCode).toBe(401);
    const refused = await refresh(inA.refresh_token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(OAUTH_ERRORS.REFRESH_TOKEN_REVOKED);

    // Signing in again lands in B, the organisation that still lets them in.
    const inB = await signIn();
    expect(inB.organisationId).toBe(orgB);
    expect((await call(t.app, 'GET', '/api/v1/profile', inB.access_token)).statusCode).toBe(200);
    expect(await statusIn(adminA)).toBe('deactivated');
    expect(await statusIn(adminB)).toBe('active');
    const rotated = await refresh(inB.refresh_token);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/me', rotated.json().access_token)).json().organisationId).toBe(orgB);

    // Reactivated in A: A's sign-ins work again, and B's session was never touched.
    expect((await setActive(adminA, true)).json().status).toBe('active');
    expect((await call(t.app, 'GET', '/api/v1/me', rotated.json().access_token)).statusCode).toBe(200);
    expect((await signIn()).organisationId).toBe(orgA);
    const actions = await query<{ action: string; organisation_id: string }>(
      t.app,
      sql`select action, organisation_id from audit_log where entity_id = ${personId} and action like 'users.%' order by id`,
    );
    expect(actions).toEqual([
      { action: 'users.deactivated', organisation_id: orgA },
      { action: 'users.reactivated', organisation_id: orgA },
    ]);
  });

  it("lets B's administrator end B's access only, and refuses a sign-in once every membership is deactivated", async () => {
    const inA = await signIn();
    const inB = await (async () => {
      // B's session, started while A's membership is deactivated for a moment by the operator's hand.
      await query(t.app, sql`update memberships set deactivated_at = now() where user_id = ${personId} and organisation_id = ${orgA}`);
      const session = await signIn();
      await query(t.app, sql`update memberships set deactivated_at = null where user_id = ${personId} and organisation_id = ${orgA}`);
      return session;
    })();
    expect([inA.organisationId, inB.organisationId]).toEqual([orgA, orgB]);

    expect((await setActive(adminB, false)).json().status).toBe('deactivated');
    expect((await call(t.app, 'GET', '/api/v1/me', inB.access_token)).statusCode).toBe(401);
    expect((await refresh(inB.refresh_token)).json().code).toBe(OAUTH_ERRORS.REFRESH_TOKEN_REVOKED);
    // A's session goes on, through a refresh too.
    expect((await call(t.app, 'GET', '/api/v1/me', inA.access_token)).statusCode).toBe(200);
    expect((await refresh(inA.refresh_token)).statusCode).toBe(200);

    expect((await setActive(adminA, false)).statusCode).toBe(200);
    const nowhere = await passwordGrant(t.app, TWO_ORGS, PASSWORD);
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().code).toBe(AUTH_ERRORS.ACCOUNT_DISABLED);
    // A reset link is not sent to someone who can get in nowhere (as for a disabled account).
    expect((await call(t.app, 'POST', '/api/v1/auth/forgot-password', null, { email: TWO_ORGS })).statusCode).toBeLessThan(300);
    const resets = await query<{ n: number }>(t.app, sql`select count(*)::int as n from verification_codes where user_id = ${personId} and purpose = 'password_reset'`);
    expect(resets[0]!.n).toBe(0);
    // Each administrator reaches their own organisation's membership only.
    expect((await setActive(adminB, true)).statusCode).toBe(200);
    expect(await memberships()).toEqual([
      { organisation_id: orgA, deactivated: true },
      { organisation_id: orgB, deactivated: false },
    ]);
    expect((await signIn()).organisationId).toBe(orgB);
  });

  it("keeps a refresh in its sign-in's organisation: a membership removed meanwhile ends it", async () => {
    await query(t.app, sql`update memberships set deactivated_at = null where user_id = ${personId}`);
    const inA = await signIn();
    expect(inA.organisationId).toBe(orgA);
    await query(t.app, sql`delete from memberships where user_id = ${personId} and organisation_id = ${orgA}`);
    expect((await call(t.app, 'GET', '/api/v1/me', inA.access_token)).statusCode).toBe(401);
    const refused = await refresh(inA.refresh_token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(AUTH_ERRORS.ACCOUNT_DISABLED);
  });
});
