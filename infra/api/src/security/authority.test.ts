// Who may administer an organisation or decide its approvals is its membership as it is now, not as
// the access token says (issue 40 item 5, decision 060). An administrator is demoted while holding a
// token, and every administrator-only route is tried with that same token at once: all refused.
// "Every" is read from the access policies (security/access/<module>.ts): a route where A's
// administrator gets another answer than A's buyer, so a new administrator-only route is tried here
// without being listed. Routes whose authority depends on the row (another member's shared list, an
// approval rule, another buyer's request) are added by hand. The same is tried for an approver, for
// a membership deactivated, an account locked and a membership removed (401), and the other way
// round: a buyer promoted gets the authority with the token they hold. PGlite, and PostgreSQL with
// DATABASE_URL set.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS } from '@portal/shared/schemas';
import { accessToken, query } from '../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { freshIp } from '../test-support/account-helpers';
import type { AccessTable, MatrixFixtures, MatrixRequest } from './access-policy';
import { loadAccessPolicies, matrixFixtures, ORG_A_ADMIN } from './support';

const APPROVER = 'approver.authority@zorggroep-scheldeland.example';

let t: TestApp;
let fx: MatrixFixtures;
const policies: AccessTable = {};
let adminId: string;
let approverId: string;
let orgA: string;

/** A route to try: its policy key, and the request (with the fixtures' ids filled in). */
interface Attempt {
  key: string;
  request: MatrixRequest;
}

beforeAll(async () => {
  t = await startTestApp({ tokenFailureLimit: 1000, authRequestLimit: 100_000 });
  fx = await matrixFixtures(t.app);
  Object.assign(policies, await loadAccessPolicies());
  [{ id: adminId, org: orgA }] = (await query<{ id: string; org: string }>(
    t.app,
    sql`select u.id, m.organisation_id as org from users u join memberships m on m.user_id = u.id where u.email = ${ORG_A_ADMIN}`,
  )) as [{ id: string; org: string }];
  // A member of A with the role approver: a copy of the administrator's account (same password).
  await query(
    t.app,
    sql`insert into users select (jsonb_populate_record(null::users, to_jsonb(u) - 'id' - 'email' || jsonb_build_object('id', gen_random_uuid(), 'email', ${APPROVER}::text))).* from users u where u.email = ${ORG_A_ADMIN}`,
  );
  [{ id: approverId }] = (await query<{ id: string }>(t.app, sql`select id from users where email = ${APPROVER}`)) as [{ id: string }];
  await query(t.app, sql`insert into memberships (user_id, organisation_id, role) values (${approverId}, ${orgA}, 'approver')`);
});

afterAll(async () => {
  await t?.close();
});

function send(attempt: Attempt, token: string) {
  const [method, pattern] = attempt.key.split(' ') as [string, string];
  return t.app.inject({
    method: method as 'GET',
    url: attempt.request.url ?? pattern,
    headers: { ...attempt.request.headers, authorization: `Bearer ${token}` },
    remoteAddress: freshIp(),
    ...(attempt.request.payload === undefined ? {} : { payload: attempt.request.payload as object }),
  });
}

/** The routes where A's administrator is answered otherwise than A's buyer, by the policies; what differs only by authorship is left out. */
function administratorOnly(): Attempt[] {
  // A's administrator's own private list: its author sees it, whatever their role.
  const AUTHORSHIP = ['GET /api/v1/order-lists/:id'];
  return Object.entries(policies)
    .filter(([key, p]) => p.expect.adminA !== p.expect.buyerA && !AUTHORSHIP.includes(key))
    .map(([key, p]) => ({ key, request: p.request?.(fx) ?? {} }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

const lists = (id: string) => `/api/v1/order-lists/${id}`;
const requests = (id: string, action = '') => `/api/v1/approval-requests/${id}${action}`;

/** What an administrator may do to rows that are not theirs, answered the same to every buyer: read without changing. */
const administratorOverRows = (): Attempt[] => [
  // A's buyer's shared list: its author and A's administrators manage it.
  { key: 'PATCH /api/v1/order-lists/:id', request: { url: lists(fx.orderLists.sharedA), payload: { shared: true } } },
  // A's buyer's waiting request and the organisation's queue: approvers and administrators see them.
  { key: 'GET /api/v1/approval-requests/:id', request: { url: requests(fx.approvals.pendingA) } },
  { key: 'GET /api/v1/approval-requests', request: { url: '/api/v1/approval-requests?view=queue' } },
  { key: 'GET /api/v1/approval-requests', request: { url: '/api/v1/approval-requests?view=all' } },
];

/** The same, changing what they reach: tried only where they must be refused. */
const administratorChanges = (): Attempt[] => [
  { key: 'DELETE /api/v1/order-lists/:id', request: { url: lists(fx.orderLists.sharedA) } },
  { key: 'DELETE /api/v1/approval-rules/:id', request: { url: `/api/v1/approval-rules/${fx.approvals.ruleA}` } },
  { key: 'POST /api/v1/approval-requests/:id/decision', request: { url: requests(fx.approvals.pendingA, '/decision'), payload: { decision: 'reject', comment: 'demoted' } } },
];

const setRole = (userId: string, role: 'admin' | 'buyer' | 'approver') => query(t.app, sql`update memberships set role = ${role} where user_id = ${userId} and organisation_id = ${orgA}`);

/** Each attempt's answer: `key (url): status`. */
async function answers(attempts: Attempt[], token: string): Promise<string[]> {
  const out: string[] = [];
  for (const a of attempts) {
    const res = await send(a, token);
    out.push(`${a.key} (${a.request.url ?? ''}): ${res.statusCode}${res.statusCode === 401 ? ` ${res.json().code}` : ''}`);
  }
  return out;
}

/** The answers the administrator's policy promises, and for the hand-added reads 200. */
const asAdministrator = (attempts: Attempt[]) => attempts.map((a) => `${a.key} (${a.request.url ?? ''}): ${policies[a.key]?.expect.adminA}`);
const withStatus = (attempts: Attempt[], status: string) => attempts.map((a) => `${a.key} (${a.request.url ?? ''}): ${status}`);

describe('authority is the membership as it is now', () => {
  it('finds the administrator-only routes in the policies', () => {
    const keys = administratorOnly().map((a) => a.key);
    // The users admin, cost centres and budgets, approval rules and decisions at least.
    for (const expected of ['GET /api/v1/users', 'PUT /api/v1/users/:id', 'GET /api/v1/cost-centres', 'PUT /api/v1/budget-rule', 'POST /api/v1/approval-rules', 'POST /api/v1/approval-requests/:id/decision']) {
      expect(keys).toContain(expected);
    }
    expect(keys.length).toBeGreaterThanOrEqual(12);
  });

  it('refuses every administrator-only route to an administrator demoted while holding a token, at once; the role back, the same token works again', async () => {
    const token = await accessToken(t.app, ORG_A_ADMIN);
    const routes = administratorOnly();
    const rows = administratorOverRows();
    expect(await answers(routes, token)).toEqual(asAdministrator(routes));
    expect(await answers(rows, token)).toEqual(withStatus(rows, '200'));

    await setRole(adminId, 'buyer');
    const refused = (await answers([...routes, ...rows, ...administratorChanges()], token)).filter((line) => !/: 40[34]$/.test(line));
    expect(refused, 'answers to the demoted administrator other than 403 or 404').toEqual([]);
    // The header's count of requests waiting for the caller's decision: none for a buyer.
    const count = await send({ key: 'GET /api/v1/approval-requests/pending-count', request: {} }, token);
    expect(count.json()).toEqual({ count: 0 });

    await setRole(adminId, 'admin');
    expect(await answers(routes, token)).toEqual(asAdministrator(routes));
  });

  it('refuses the approver demoted to buyer the queue and the decisions at once; promoted to administrator, the users admin', async () => {
    const token = await accessToken(t.app, APPROVER);
    const queue: Attempt = { key: 'GET /api/v1/approval-requests', request: { url: '/api/v1/approval-requests?view=queue' } };
    const decided: Attempt = { key: 'POST /api/v1/approval-requests/:id/decision', request: { url: requests(fx.approvals.decidedA, '/decision'), payload: { decision: 'reject' } } };
    const users: Attempt = { key: 'GET /api/v1/users', request: {} };
    // An approver: the queue, and a decision reaches the request (decided already: 409); not the users admin.
    expect(await answers([queue, decided, users], token)).toEqual([...withStatus([queue], '200'), ...withStatus([decided], '409'), ...withStatus([users], '403')]);

    await setRole(approverId, 'buyer');
    const refused = (await answers([queue, decided, ...administratorChanges()], token)).filter((line) => !/: 40[34]$/.test(line));
    expect(refused, 'answers to the demoted approver other than 403 or 404').toEqual([]);

    await setRole(approverId, 'admin');
    expect(await answers([users], token)).toEqual(withStatus([users], '200'));
    await setRole(approverId, 'approver');
  });

  const outs: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
    [
      'a membership deactivated',
      () => query(t.app, sql`update memberships set deactivated_at = now() where user_id = ${adminId}`),
      () => query(t.app, sql`update memberships set deactivated_at = null where user_id = ${adminId}`),
    ],
    [
      'an account locked by the operator',
      () => query(t.app, sql`update users set disabled_at = now() where id = ${adminId}`),
      () => query(t.app, sql`update users set disabled_at = null where id = ${adminId}`),
    ],
    [
      'a person removed from the organisation',
      () => query(t.app, sql`delete from memberships where user_id = ${adminId} and organisation_id = ${orgA}`),
      () => query(t.app, sql`insert into memberships (user_id, organisation_id, role) values (${adminId}, ${orgA}, 'admin')`),
    ],
  ];
  it.each(outs)('refuses every administrator-only route to %s (401 ACCOUNT_DISABLED), with the token held', async (_name, shutOut, letIn) => {
    const token = await accessToken(t.app, ORG_A_ADMIN);
    const all = [...administratorOnly(), ...administratorOverRows(), ...administratorChanges()];
    await shutOut();
    try {
      expect(await answers(all, token)).toEqual(withStatus(all, `401 ${AUTH_ERRORS.ACCOUNT_DISABLED}`));
    } finally {
      await letIn();
    }
  });
});
