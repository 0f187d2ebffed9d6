// The access cache with two API instances on one PostgreSQL (decision 091): a change of what the
// access check reads, whoever writes it, is refused on the writing instance's very next request and
// on the other's very next request once it has heard the notification (`settled`: a state, never a
// wait for time); the time-to-live is set long here, so that only the notification can explain it.
// A cache hit sends no statement at all; an instance without its listening connection reads the
// database. PostgreSQL only (PGlite is one process).
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, INTEGRATION_ERRORS, type IntegrationClientSecret } from '@portal/shared/schemas';
import { accessToken, query } from '../test-support/demo-buyers';
import { clientToken } from '../test-support/integration-clients';
import { SALES_CONSULTANT } from '../test-support/orders';
import { startTwinApps, type TwinApps } from '../test-support/twin-apps';
import { ORG_A_ADMIN } from '../security/support';

let twins: TwinApps;
let adminId: string;
beforeAll(async () => {
  // A minute: longer than any wait of these tests, so an entry could only go by its notification.
  twins = await startTwinApps({ accessCacheTtlMs: 60_000 });
  [{ id: adminId }] = (await query<{ id: string }>(twins.a, sql`select id from users where email = ${ORG_A_ADMIN}`)) as [{ id: string }];
}, 240_000);
afterAll(async () => twins?.close());

const USERS = '/api/v1/users';
const LISTENER = 'portal_access_listener';
const get = (app: FastifyInstance, token: string, url = USERS) => app.inject({ url, headers: { authorization: `Bearer ${token}` } });

/**
 * Statements sent to PostgreSQL by every pg client of this process while `run` runs (as the bench's
 * cost probe counts them), but the listening connections' heartbeat (`select 1` every 5 s, db/client.ts).
 */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(this: unknown, ...args: unknown[]) {
    if (args[0] !== 'select 1') count++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return count;
}

/** Both instances answer the administrator's list of users (and have kept the answer). */
async function warm(token: string) {
  for (const app of [twins.a, twins.b]) expect((await get(app, token)).statusCode).toBe(200);
}

describe('the access cache on two instances', () => {
  it('answers a known caller without a statement; a demoted administrator is refused on the next request of both instances', async () => {
    const token = await accessToken(twins.a, ORG_A_ADMIN);
    await warm(token);
    // A cache hit of the access check reads nothing; the same request after a change reads it again.
    const portal = { authorization: `Bearer ${token}`, 'x-shop-type': 'portal', 'accept-language': 'en' };
    const page = () => twins.b.inject({ url: '/api/v1/catalog/products?sort=price_asc', headers: portal });
    expect((await page()).statusCode).toBe(200);
    expect(await statementsOf(page)).toBe(0);
    await twins.b.accessCache.settled();
    await query(twins.a, sql`update memberships set role = 'admin' where user_id = ${adminId}`);
    await twins.b.accessCache.settled();
    expect(await statementsOf(page)).toBe(1);

    await warm(token);
    await query(twins.a, sql`update memberships set role = 'buyer' where user_id = ${adminId}`);
    try {
      expect((await get(twins.a, token)).statusCode).toBe(403);
      await twins.b.accessCache.settled();
      expect((await get(twins.b, token)).statusCode).toBe(403);
    } finally {
      await query(twins.a, sql`update memberships set role = 'admin' where user_id = ${adminId}`);
    }
    await twins.b.accessCache.settled();
    for (const app of [twins.a, twins.b]) expect((await get(app, token)).statusCode).toBe(200);
  });

  const changes: [string, (id: string) => SQL, (id: string) => SQL][] = [
    ['a deactivated membership', (id) => sql`update memberships set deactivated_at = now() where user_id = ${id}`, (id) => sql`update memberships set deactivated_at = null where user_id = ${id}`],
    ['a locked account', (id) => sql`update users set disabled_at = now() where id = ${id}`, (id) => sql`update users set disabled_at = null where id = ${id}`],
  ];
  it.each(changes)('refuses %s on the next request of both instances', async (_name, off, on) => {
    const token = await accessToken(twins.a, ORG_A_ADMIN);
    await warm(token);
    await query(twins.a, off(adminId));
    try {
      // A: its very next request; B: once it has heard.
      for (const app of [twins.a, twins.b]) {
        if (app === twins.b) await app.accessCache.settled();
        const res = await get(app, token);
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe(AUTH_ERRORS.ACCOUNT_DISABLED);
      }
    } finally {
      await query(twins.a, on(adminId));
    }
  });

  it('refuses a client revoked through one instance on the next request of both', async () => {
    const manager = { authorization: `Bearer ${await accessToken(twins.a, SALES_CONSULTANT)}` };
    const res = await twins.a.inject({ method: 'POST', url: '/api/v1/staff/integration/clients', headers: manager, payload: { name: 'Cached ERP', scopes: ['orders:read'] } });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as IntegrationClientSecret;
    const token = await clientToken(twins.b, created.client.id, created.client_secret);
    const client = (app: FastifyInstance) => get(app, token, '/api/integration/v1/client');
    for (const app of [twins.a, twins.b]) expect((await client(app)).statusCode).toBe(200);
    expect((await twins.a.inject({ method: 'POST', url: `/api/v1/staff/integration/clients/${created.client.id}/revoke`, headers: manager })).statusCode).toBe(200);
    // The instance that revoked: its very next request, nothing awaited.
    expect((await client(twins.a)).json().code).toBe(INTEGRATION_ERRORS.CLIENT_REVOKED);
    await twins.b.accessCache.settled();
    expect((await client(twins.b)).json().code).toBe(INTEGRATION_ERRORS.CLIENT_REVOKED);
  });

  it('reads the database while an instance cannot listen: a change is refused there without its notification', async () => {
    const token = await accessToken(twins.a, ORG_A_ADMIN);
    await warm(token);
    const cut = await query<{ ok: boolean }>(
      twins.a,
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and application_name = ${LISTENER}`,
    );
    expect(cut).toEqual([{ ok: true }, { ok: true }]);
    // Written behind both instances' backs (not through either pool: no notice either).
    const admin = new pg.Client({ connectionString: twins.env.databaseUrl });
    await admin.connect();
    try {
      await admin.query('update memberships set role = $1 where user_id = $2', ['buyer', adminId]);
      // Whether an instance has noticed the cut yet or not, it heard this change before its
      // connection went, or it reads the database (settled() resolves at once while it cannot listen).
      for (const app of [twins.a, twins.b]) {
        await app.accessCache.settled();
        expect((await get(app, token)).statusCode).toBe(403);
      }
    } finally {
      await admin.query('update memberships set role = $1 where user_id = $2', ['admin', adminId]);
      await admin.end();
    }
    const listening = async () =>
      (await query<{ n: number }>(twins.a, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${LISTENER}`))[0]!.n;
    await expect.poll(listening, { timeout: 10_000, interval: 50 }).toBe(2);
    for (const app of [twins.a, twins.b]) {
      await app.accessCache.settled();
      expect((await get(app, token)).statusCode).toBe(200);
    }
  });
});
