// The access matrix (issue 16): every route the real app registers (collected with Fastify's onRoute
// hook, never a hand list) is called as no token, an anonymous session, a buyer and an administrator
// of organisation A, a buyer of organisation B, an assigned and an unassigned case manager, two
// integration clients (every scope, none) and five forged tokens; each answer is compared with the route's policy in security/access/<module>.ts.
// A route without a policy fails. Routes taking ids are tried with organisation B's ids as A.
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/accounts';
import {
  CLIENT_CALLERS,
  expected as statusFor,
  FORGED_TOKENS,
  MATRIX_CALLERS,
  type AccessTable,
  type AnyMatrixCaller,
  type ForgedToken,
  type MatrixFixtures,
  type MatrixRequest,
} from './access-policy';
import { integrationClient } from '../test-support/integration-clients';
import { INTEGRATION_SCOPES } from '@portal/shared/schemas';
import { accessToken, anonymousToken, rawRows as rows } from '../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { loadAccessPolicies, matrixFixtures } from './support';

const EMAILS = {
  buyerA: 'lucas.janssens@zorggroep-scheldeland.example',
  adminA: 'sophie.peeters@zorggroep-scheldeland.example',
  buyerB: 'eva.bakker@interventie-polder.example',
  staffAssigned: 'an.claes@portal-supplier.example',
  staffUnassigned: 'unassigned.case-manager@portal-supplier.example',
} as const;
/** Not the machine itself: the development mailbox must answer by policy, not by address. */
const REMOTE = '198.51.100.7';

let t: TestApp;
const routes: { method: string; url: string }[] = [];
const tokens = new Map<AnyMatrixCaller | ForgedToken, string | null>();
let fixtures: MatrixFixtures;
const policies: AccessTable = {};

async function forge(kind: ForgedToken): Promise<string> {
  const key = t.env.jwtSigningKey!;
  const [buyer] = await rows<{ id: string; org: string }>(
    t.app.database.db,
    sql`select u.id, m.organisation_id as org from users u join memberships m on m.user_id = u.id where u.email = ${EMAILS.buyerA}`,
  );
  const claims = { org: buyer!.org, role: 'admin', sid: '00000000-0000-0000-0000-000000000000' };
  const jwt = (opts: { key?: Uint8Array; exp?: number; aud?: string; iss?: string } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(buyer!.id)
      .setIssuer(opts.iss ?? t.app.apiEnv.jwtIssuer)
      .setAudience(opts.aud ?? t.app.apiEnv.jwtAudience)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(opts.key ?? key);
  switch (kind) {
    case 'badSignature':
      return jwt({ key: new Uint8Array(32).fill(7) });
    case 'expired':
      return jwt({ exp: Math.floor(Date.now() / 1000) - 60 });
    case 'wrongAudience':
      return jwt({ aud: 'another-service' });
    case 'wrongIssuer':
      return jwt({ iss: 'https://issuer.example' });
    case 'algNone': {
      const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      return `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ ...claims, sub: buyer!.id, iss: t.app.apiEnv.jwtIssuer, aud: t.app.apiEnv.jwtAudience, iat: now, exp: now + 600 })}.`;
    }
  }
}

beforeAll(async () => {
  t = await startTestApp({ tokenFailureLimit: 1000, authRequestLimit: 100_000, anonymousGrantLimitPerMinute: 1000 }, undefined, {
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD' && route.url.startsWith('/api')) routes.push({ method, url: route.url });
    },
  });
  const db = t.app.database.db;
  // A second case manager, assigned to no organisation.
  await rows(
    db,
    sql`insert into users select (jsonb_populate_record(null::users, to_jsonb(u) - 'id' - 'email' || jsonb_build_object('id', gen_random_uuid(), 'email', ${EMAILS.staffUnassigned}::text))).* from users u where u.email = ${EMAILS.staffAssigned}`,
  );
  await rows(db, sql`insert into staff (user_id, role) select id, 'case_manager' from users where email = ${EMAILS.staffUnassigned}`);
  const [assigned] = await rows<{ n: number }>(db, sql`select count(*)::int as n from organisations o join users u on u.id = o.case_manager_id where u.email = ${EMAILS.staffAssigned}`);
  expect(assigned!.n).toBeGreaterThan(0);

  fixtures = await matrixFixtures(t.app);

  tokens.set('none', null);
  tokens.set('anonymous', await anonymousToken(t.app));
  for (const caller of ['buyerA', 'adminA', 'buyerB', 'staffAssigned', 'staffUnassigned'] as const) {
    tokens.set(caller, await accessToken(t.app, EMAILS[caller]));
  }
  // The supplier's integration clients: one with every scope, one with none (decision 045).
  tokens.set('client', (await integrationClient(t.app, INTEGRATION_SCOPES, 'matrix-client')).token);
  tokens.set('clientUnscoped', (await integrationClient(t.app, [], 'matrix-client-unscoped')).token);
  for (const kind of FORGED_TOKENS) tokens.set(kind, await forge(kind));
  Object.assign(policies, await loadAccessPolicies());
  expect(DEMO_PASSWORD).toBeTruthy();
});

afterAll(async () => {
  await t?.close();
});

function send(key: string, request: MatrixRequest, token: string | null) {
  const [method, pattern] = key.split(' ') as [string, string];
  const headers: Record<string, string> = { ...request.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({
    method: method as 'GET',
    url: request.url ?? pattern,
    headers,
    remoteAddress: REMOTE,
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });
}

describe('access matrix', () => {
  it('has a policy for every route the app registers, and none for a route that does not exist', () => {
    const registered = routes.map((r) => `${r.method} ${r.url}`);
    expect(registered.length).toBeGreaterThan(20);
    expect(registered.filter((key) => !policies[key]), 'routes without a policy in security/access/<module>.ts').toEqual([]);
    expect(Object.keys(policies).filter((key) => !registered.includes(key)), 'policies of routes that do not exist').toEqual([]);
  });

  it('answers every route as its policy says, for every caller and every forged token', { timeout: 300_000 }, async () => {
    const mismatches: string[] = [];
    let calls = 0;
    for (const { method, url } of routes) {
      const key = `${method} ${url}`;
      const policy = policies[key];
      if (!policy) continue;
      const request = policy.request?.(fixtures) ?? {};
      for (const caller of [...MATRIX_CALLERS, ...CLIENT_CALLERS]) {
        const res = await send(key, request, tokens.get(caller)!);
        calls++;
        const status = statusFor(policy, caller);
        if (res.statusCode !== status) mismatches.push(`${key} as ${caller}: ${res.statusCode}, policy ${status} (${res.body.slice(0, 160)})`);
      }
      for (const kind of FORGED_TOKENS) {
        const res = await send(key, request, tokens.get(kind)!);
        calls++;
        const expected = policy.forged === 'ignored' ? policy.expect.none : 401;
        if (res.statusCode !== expected) mismatches.push(`${key} with a ${kind} token: ${res.statusCode}, policy ${expected}`);
        if (policy.forged === 401 && res.statusCode === 401 && !/TOKEN_(INVALID|EXPIRED)/.test(res.body)) mismatches.push(`${key} with a ${kind} token: no TOKEN_ code`);
      }
    }
    console.info(`access matrix: ${routes.length} operations x ${MATRIX_CALLERS.length + FORGED_TOKENS.length} callers = ${calls} calls`);
    expect(mismatches).toEqual([]);
  });

  it("never gives organisation A's callers organisation B's data through an id", async () => {
    const mismatches: string[] = [];
    let tried = 0;
    for (const { method, url } of routes) {
      const key = `${method} ${url}`;
      const foreign = policies[key]?.foreign;
      if (!foreign) continue;
      tried++;
      for (const caller of ['buyerA', 'adminA'] as const) {
        const res = await send(key, foreign.request(fixtures), tokens.get(caller)!);
        if (res.statusCode !== foreign.expect) mismatches.push(`${key} as ${caller} with B's id: ${res.statusCode}, policy ${foreign.expect}`);
        // A problem's `instance` echoes the request's own path (which names B's id): that tells nothing.
        const answer = res.body.replace(/"instance":"[^"]*"/, '');
        if (answer.includes(fixtures.productB.id)) mismatches.push(`${key} as ${caller}: B's product in the answer`);
        if (foreign.refuse && !foreign.refuse(res.body)) mismatches.push(`${key} as ${caller}: the answer does not refuse B's id`);
      }
    }
    // Every route whose URL or body takes an id has a foreign case.
    const idRoutes = routes.filter((r) => r.url.includes(':') || ['POST /api/v1/cart/items', 'POST /api/v1/cart/items/bulk', 'POST /api/v1/catalog/quick-order'].includes(`${r.method} ${r.url}`));
    const withoutForeign = idRoutes.map((r) => `${r.method} ${r.url}`).filter((key) => !policies[key]?.foreign);
    expect(withoutForeign, 'id-bearing routes without a foreign-id case').toEqual([]);
    expect(tried).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
  });
});
