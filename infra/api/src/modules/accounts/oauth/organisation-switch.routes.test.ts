// One person in two organisations (issue 33, decision 057): the demo buyer Ines belongs to the
// hospital and the police unit. A switched token sees the other organisation's prices, cart, orders
// and quotations and none of the first's; a switch is refused for an organisation the user is not an
// active member of; it is audited; the session stays one sign-in; a sign-in starts where she left.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CartSchema, MemberOrganisationListSchema, MeSchema, TokenResponseSchema } from '@portal/shared/schemas';
import { MULTI_ORGANISATION_BUYER, DEMO_PASSWORD } from '../../../seed/accounts';
import { CLIENT, FORM_HEADERS, form, startTestApp, type TestApp } from '../../../test-support/test-app';
import { accessToken, HOSPITAL_BUYER, query } from '../../../test-support/demo-buyers';

let t: TestApp;
let hospitalId: string;
let policeId: string;
let ines: string;
/** A product in both contracts at different prices. */
let shared: { id: string; slug: string; hospital: number; police: number };

type Tokens = v.InferOutput<typeof TokenResponseSchema>;

const signIn = async (email = MULTI_ORGANISATION_BUYER): Promise<Tokens> => {
  const res = await t.app.inject({ method: 'POST', url: '/api/oauth/token', headers: FORM_HEADERS, payload: form({ ...CLIENT, grant_type: 'password', username: email, password: DEMO_PASSWORD }) });
  expect(res.statusCode, res.body).toBe(200);
  return v.parse(TokenResponseSchema, res.json());
};
const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra });
const portal = (token: string) => bearer(token, { 'x-shop-type': 'portal' });
const switchTo = (token: string, organisationId: string, refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/me/organisation', headers: bearer(token), payload: { organisation_id: organisationId, refresh_token: refreshToken } });
const me = async (token: string) => v.parse(MeSchema, (await t.app.inject({ url: '/api/v1/me', headers: bearer(token) })).json());
const organisationsOf = async (token: string) => v.parse(MemberOrganisationListSchema, (await t.app.inject({ url: '/api/v1/me/organisations', headers: bearer(token) })).json()).organisations;
const priceOf = async (token: string) => {
  const res = await t.app.inject({ url: `/api/v1/catalog/products/${shared.slug}`, headers: portal(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { price: { excl_vat: number } | null }).price?.excl_vat;
};
const cartOf = async (token: string) => v.parse(CartSchema, (await t.app.inject({ url: '/api/v1/cart', headers: portal(token) })).json());
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/oauth/token', headers: FORM_HEADERS, payload: form({ ...CLIENT, grant_type: 'refresh_token', refresh_token: refreshToken }) });
const organisationIdsOf = (rows: { organisation_id: string | null }[]) => new Set(rows.map((r) => r.organisation_id));

beforeAll(async () => {
  t = await startTestApp();
  const orgs = await query<{ id: string; name: string }>(t.app, sql`select id, name from organisations`);
  hospitalId = orgs.find((o) => o.name === 'Zorggroep Scheldeland')!.id;
  policeId = orgs.find((o) => o.name === 'Interventie-eenheid Polder')!.id;
  const [row] = await query<{ id: string; slug: string; hospital: number; police: number }>(
    t.app,
    sql`select p.id, p.slug, h.price_cents as hospital, x.price_cents as police
        from products p
        join contract_prices h on h.product_id = p.id join contracts hc on hc.id = h.contract_id and hc.organisation_id = ${hospitalId}
        join contract_prices x on x.product_id = p.id join contracts xc on xc.id = x.contract_id and xc.organisation_id = ${policeId}
        where h.price_cents <> x.price_cents and p.stock_level > 10 and p.kind = 'product' order by p.slug limit 1`,
  );
  shared = row!;
  ines = (await query<{ id: string }>(t.app, sql`select id from users where email = ${MULTI_ORGANISATION_BUYER}`))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('switching the active organisation', () => {
  it('moves the session: prices, cart, orders and quotations follow the organisation, and it is audited', async () => {
    const first = await signIn();
    // The sign-in starts in the organisation joined first.
    expect((await me(first.access_token)).organisationId).toBe(hospitalId);
    expect(await organisationsOf(first.access_token)).toEqual([
      { id: policeId, name: 'Interventie-eenheid Polder', role: 'buyer', current: false },
      { id: hospitalId, name: 'Zorggroep Scheldeland', role: 'buyer', current: true },
    ]);
    expect(await priceOf(first.access_token)).toBe(shared.hospital);
    const added = await t.app.inject({ method: 'POST', url: '/api/v1/cart/items', headers: portal(first.access_token), payload: { product_id: shared.id, quantity: 2 } });
    expect(added.statusCode, added.body).toBe(200);

    const res = await switchTo(first.access_token, policeId, first.refresh_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const police = v.parse(TokenResponseSchema, res.json());
    expect(police.refresh_token).not.toBe(first.refresh_token);
    expect(await me(police.access_token)).toMatchObject({ kind: 'customer', userId: ines, organisationId: policeId, role: 'buyer' });
    expect((await organisationsOf(police.access_token)).find((o) => o.current)?.id).toBe(policeId);
    // The police unit's price, and its own (empty) cart: the hospital's cart line stays behind.
    expect(await priceOf(police.access_token)).toBe(shared.police);
    expect((await cartOf(police.access_token)).lines).toEqual([]);
    // Orders and quotations: the police unit's, none of the hospital's.
    const orders = (await t.app.inject({ url: '/api/v1/orders?page_size=100', headers: bearer(police.access_token) })).json() as { items: { id: string }[] };
    const orderIds = orders.items.map((o) => o.id);
    expect(orderIds.length).toBeGreaterThan(0);
    const orderRows = await query<{ organisation_id: string | null }>(t.app, sql`select organisation_id from orders where id in ${sql.raw(`('${orderIds.join("','")}')`)}`);
    expect(organisationIdsOf(orderRows)).toEqual(new Set([policeId]));
    const quotations = (await t.app.inject({ url: '/api/v1/quotations', headers: bearer(police.access_token) })).json() as { items: { id: string }[] };
    if (quotations.items.length) {
      const quotationRows = await query<{ organisation_id: string | null }>(
        t.app,
        sql`select organisation_id from quotations where id in ${sql.raw(`('${quotations.items.map((q) => q.id).join("','")}')`)}`,
      );
      expect(organisationIdsOf(quotationRows)).toEqual(new Set([policeId]));
    }
    const [audit] = await query<{ actor_user_id: string; organisation_id: string; data: { from: string; to: string } }>(
      t.app,
      sql`select actor_user_id, organisation_id, data from audit_log where action = 'auth.organisation_switched' and actor_user_id = ${ines} order by id desc limit 1`,
    );
    expect(audit).toEqual({ actor_user_id: ines, organisation_id: policeId, data: { from: hospitalId, to: policeId } });

    // The session is the same sign-in, now in the police unit: a refresh stays there.
    const refreshed = await refresh(police.refresh_token);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await me(refreshed.json().access_token)).organisationId).toBe(policeId);
    // The refresh token sent with the switch was spent by it.
    const spent = await refresh(first.refresh_token);
    expect(spent.json().code).toBe('REFRESH_TOKEN_REUSED');

    // A new sign-in starts in the organisation chosen last; switching back finds the hospital's cart.
    const again = await signIn();
    expect((await me(again.access_token)).organisationId).toBe(policeId);
    const back = v.parse(TokenResponseSchema, (await switchTo(again.access_token, hospitalId, again.refresh_token)).json());
    expect(await priceOf(back.access_token)).toBe(shared.hospital);
    expect((await cartOf(back.access_token)).lines.map((l) => [l.product_id, l.quantity])).toEqual([[shared.id, 2]]);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/items/${shared.id}`, headers: portal(back.access_token) });
  });

  it('refuses an organisation the user is not an active member of, and changes nothing', async () => {
    const lucas = await signIn(HOSPITAL_BUYER);
    for (const organisationId of [policeId, '00000000-0000-4000-8000-000000000000']) {
      const res = await switchTo(lucas.access_token, organisationId, lucas.refresh_token);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('ORGANISATION_NOT_A_MEMBER');
    }
    // The refused switch did not spend the refresh token.
    expect((await refresh(lucas.refresh_token)).statusCode).toBe(200);
    expect(await organisationsOf(lucas.access_token)).toEqual([{ id: hospitalId, name: 'Zorggroep Scheldeland', role: 'buyer', current: true }]);

    // A deactivated membership: not offered, not switched to, and a sign-in starts elsewhere.
    await query(t.app, sql`update memberships set deactivated_at = now(), last_chosen_at = now() where user_id = ${ines} and organisation_id = ${policeId}`);
    try {
      const session = await signIn();
      expect((await me(session.access_token)).organisationId).toBe(hospitalId);
      expect((await organisationsOf(session.access_token)).map((o) => o.id)).toEqual([hospitalId]);
      const switches = sql`select count(*)::int as n from audit_log where action = 'auth.organisation_switched' and actor_user_id = ${ines}`;
      const before = (await query<{ n: number }>(t.app, switches))[0]!.n;
      const res = await switchTo(session.access_token, policeId, session.refresh_token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ORGANISATION_NOT_A_MEMBER');
      expect((await query<{ n: number }>(t.app, switches))[0]!.n).toBe(before);
    } finally {
      await query(t.app, sql`update memberships set deactivated_at = null, last_chosen_at = null where user_id = ${ines}`);
    }
  });

  it('needs the session\'s own current refresh token', async () => {
    const session = await signIn();
    const lucas = await signIn(HOSPITAL_BUYER);
    // Another user's refresh token: refused, and that user's session goes on.
    const foreign = await switchTo(session.access_token, policeId, lucas.refresh_token);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('ORGANISATION_SWITCH_SESSION_INVALID');
    expect((await refresh(lucas.refresh_token)).statusCode).toBe(200);
    const unknown = await switchTo(session.access_token, policeId, 'not-a-refresh-token');
    expect(unknown.json().code).toBe('ORGANISATION_SWITCH_SESSION_INVALID');
    expect((await me(session.access_token)).organisationId).toBe(hospitalId);
    // A spent one is reuse: the sign-in ends, as at the token endpoint.
    const rotated = await refresh(session.refresh_token);
    const reused = await switchTo(session.access_token, policeId, session.refresh_token);
    expect(reused.json().code).toBe('ORGANISATION_SWITCH_SESSION_INVALID');
    expect((await refresh(rotated.json().refresh_token)).json().code).toBe('REFRESH_TOKEN_REVOKED');
  });

  it('refuses staff, visitors and bad bodies with stable codes', async () => {
    const staff = await accessToken(t.app, 'an.claes@portal-supplier.example');
    const staffSwitch = await switchTo(staff, hospitalId, 'x');
    expect(staffSwitch.statusCode).toBe(403);
    expect(staffSwitch.json().code).toBe('ORGANISATION_SWITCH_CUSTOMERS_ONLY');
    expect(await organisationsOf(staff)).toEqual([]);
    const anonymous = (await t.app.inject({ method: 'POST', url: '/api/oauth/token', headers: FORM_HEADERS, payload: form({ ...CLIENT, grant_type: 'anonymous' }) })).json().access_token as string;
    expect((await switchTo(anonymous, hospitalId, 'x')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/me/organisations', headers: bearer(anonymous) })).statusCode).toBe(401);
    const session = await signIn();
    for (const payload of [{}, { organisation_id: 'x', refresh_token: 'y' }, { organisation_id: policeId }, { organisation_id: policeId, refresh_token: session.refresh_token, role: 'admin' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/me/organisation', headers: bearer(session.access_token), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await refresh(session.refresh_token)).statusCode).toBe(200);
  });
});
