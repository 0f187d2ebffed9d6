import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ProblemSchema, TranslationListSchema } from '@portal/shared/schemas';
import { demoAccounts } from './app';
import { CLIENT, FORM_HEADERS, form, startTestApp, type TestApp } from './test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  // The one app that migrates and seeds an empty database itself, on each backend (the others copy
  // the run's template): the start-up path a new installation takes.
  t = await startTestApp({}, undefined, { fromEmpty: true });
});
afterAll(async () => {
  await t?.close();
});

const expectProblem = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  const body = v.parse(ProblemSchema, res.json());
  expect(body.code).toBe(code);
  expect(body.status).toBe(status);
  return body;
};

describe('service', () => {
  it('answers liveness and readiness', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
    // The probes a balancer uses (decision 022): never cached.
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.headers['cache-control']).toBe('no-store');
    const probe = await t.app.inject({ url: '/api/health/ready' });
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['cache-control']).toBe('no-store');
    expect(probe.json()).toMatchObject({ status: 'ready', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('gives every response a request id, keeping a sane incoming one', async () => {
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-abc.123' } });
    expect(given.headers['x-request-id']).toBe('trace-abc.123');
    const generated = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id with spaces <script>' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a problem, and leaves the root context free', async () => {
    const body = expectProblem(await t.app.inject({ url: '/api/nothing-here' }), 404, 'NOT_FOUND');
    expect(body.requestId).toBeTruthy();
    expectProblem(await t.app.inject({ method: 'DELETE', url: '/api/v1/translations' }), 404, 'NOT_FOUND');
    // Outside /api nothing is registered by the API: the gateway owns the root.
    const root = await t.app.inject({ url: '/index.html' });
    expect(root.statusCode).toBe(404);
    expect(String(root.headers['content-type'])).not.toContain('problem');
  });

  it('rejects malformed URLs with 400 and a code', async () => {
    const res = await t.app.inject({ url: '/api/v1/route-rules?path=%E0%A4%A' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const bad = await t.app.inject({ url: '/api/%c0%ae%c0%ae/x' });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.json().code).toMatch(/BAD_URL|NOT_FOUND/);
  });

  it('rejects an invalid bearer token on any API route with 401', async () => {
    const res = await t.app.inject({ url: '/api/v1/translations', headers: { authorization: 'Bearer not.a.jwt' } });
    expectProblem(res, 401, 'TOKEN_INVALID');
    expect(res.headers['www-authenticate']).toContain('invalid_token');
    expectProblem(await t.app.inject({ url: '/api/v1/me', headers: { authorization: 'Basic abc' } }), 401, 'TOKEN_INVALID');
    expectProblem(await t.app.inject({ url: '/api/v1/me' }), 401, 'UNAUTHORIZED');
  });
});

describe('OpenAPI', () => {
  it('publishes an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/oauth/token', '/api/v1/translations', '/api/v1/route-rules', '/api/health', '/api/ready', '/api/v1/me']),
    );
    const token = doc.paths['/api/oauth/token'].post;
    const body = token.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(JSON.stringify(body)).toContain('refresh_token');
    // A person's tokens, or an integration client's (no refresh token; decision 045).
    const [person, client] = token.responses['200'].content['application/json'].schema.anyOf;
    expect(client.required).toEqual(expect.arrayContaining(['access_token', 'expires_in', 'scope']));
    expect(person.required).toEqual(
      expect.arrayContaining(['access_token', 'refresh_token', 'expires_in']),
    );
    const rules = doc.paths['/api/v1/route-rules'].get;
    expect(rules.parameters).toEqual([expect.objectContaining({ name: 'path', in: 'query', required: true })]);
    expect(doc.components.schemas.Problem.properties).toHaveProperty('code');
    expect(doc.paths['/api/v1/me'].get.security).toEqual([{ bearerAuth: [] }]);
  });

  it('documents path parameters from the params schema the route validates with', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
    for (const path of ['/api/v1/catalog/products/{slug}', '/api/v1/catalog/products/{slug}/technical-sheet']) {
      expect(doc.paths[path].get.parameters).toEqual(
        expect.arrayContaining([{ name: 'slug', in: 'path', required: true, schema: { type: 'string', maxLength: 200 } }]),
      );
    }
    // The same schema refuses what it documents, before the handler runs.
    expectProblem(await t.app.inject({ url: `/api/v1/catalog/products/${'a'.repeat(201)}`, headers: { 'x-shop-type': 'medical' } }), 400, 'VALIDATION_FAILED');
    // /v1/me answers the shared MeSchema, with every role of the shared list.
    const me = doc.paths['/api/v1/me'].get.responses['200'].content['application/json'].schema;
    expect(me.properties.role.enum).toEqual(['anonymous', 'admin', 'buyer', 'approver', 'case_manager', 'sales_consultant']);
  });

  it('serves a self-contained docs page', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('/api/docs/openapi.json');
    expect(res.body).not.toMatch(/<script[^>]+src=|<link[^>]+href="https?:/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('demo data', () => {
  it('lists demo accounts for every role, and they can sign in', async () => {
    const accounts = demoAccounts();
    expect(new Set(accounts.map((a) => a.role))).toEqual(new Set(['admin', 'buyer', 'case_manager', 'sales_consultant']));
    expect(new Set(accounts.map((a) => a.organisation).filter(Boolean)).size).toBe(2);
    const staff = accounts.find((a) => a.role === 'case_manager')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: FORM_HEADERS,
      remoteAddress: '10.9.0.1',
      payload: form({ ...CLIENT, grant_type: 'password', username: staff.email, password: staff.password }),
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${res.json().access_token}` } });
    expect(me.json()).toMatchObject({ kind: 'staff', role: 'case_manager', organisationId: null });
  });

  it('seeds a catalogue that covers the spec', async () => {
    const { sql } = await import('drizzle-orm');
    const q = async <T>(query: ReturnType<typeof sql>) => ((await t.app.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const [counts] = await q<{ products: number; bundles: number; families: number; with_nsn: number; bad_nsn: number; on_request: number }>(sql`
      select count(*) filter (where kind = 'product')::int as products,
             count(*) filter (where kind = 'bundle')::int as bundles,
             (select count(*)::int from categories where parent_id is null) as families,
             count(*) filter (where nsn is not null)::int as with_nsn,
             count(*) filter (where nsn is not null and nsn !~ '^[0-9]{4}-[0-9]{2}-[0-9]{3}-[0-9]{4}$')::int as bad_nsn,
             count(*) filter (where price_on_request)::int as on_request
      from products`);
    expect(counts!.products).toBeGreaterThanOrEqual(300);
    expect(counts!.bundles).toBeGreaterThanOrEqual(5);
    expect(counts!.families).toBe(6);
    expect(counts!.with_nsn).toBeGreaterThan(200);
    expect(counts!.bad_nsn).toBe(0);
    expect(counts!.on_request).toBeGreaterThan(0);
    // The stock states: in stock, low stock, backorder, not available (not within contract and
    // price on request are checked below / above).
    const states = await q<{ state: string }>(sql`
      select distinct case when stock_level > low_stock_threshold then 'in_stock'
                           when stock_level > 0 then 'low_stock'
                           when backorder_allowed then 'backorder' else 'not_available' end as state
      from products where kind = 'product'`);
    expect(states.map((s) => s.state).sort()).toEqual(['backorder', 'in_stock', 'low_stock', 'not_available']);
    const outside = await q<{ name: string; outside: number }>(sql`
      select o.name, (select count(*)::int from products p where not exists (
        select 1 from contract_prices cp where cp.product_id = p.id and cp.contract_id = c.id)) as outside
      from organisations o join contracts c on c.organisation_id = o.id`);
    expect(outside).toHaveLength(2);
    for (const row of outside) expect(row.outside).toBeGreaterThan(0);
    const statuses = await q<{ status: string }>(sql`select distinct status::text as status from orders`);
    expect(statuses).toHaveLength(9);
    const countries = await q<{ country: string }>(sql`select distinct country from addresses order by country`);
    expect(countries.map((c) => c.country)).toEqual(['BE', 'NL']);
    const locales = await q<{ n: number }>(sql`select count(distinct locale)::int as n from product_translations`);
    expect(locales[0]!.n).toBe(3);
  });
});

describe('contract history', () => {
  it('dates most contract lines months back and a handful per contract in the last 30 days, none of them ordered before', async () => {
    const { sql } = await import('drizzle-orm');
    const q = async <T>(query: ReturnType<typeof sql>) => ((await t.app.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const contracts = await q<{ recent: number; middle: number; old: number; future: number; recent_ordered: number }>(sql`
      select count(*) filter (where cp.added_at >= now() - interval '30 days')::int as recent,
             count(*) filter (where cp.added_at < now() - interval '30 days' and cp.added_at >= now() - interval '90 days')::int as middle,
             count(*) filter (where cp.added_at < now() - interval '90 days')::int as old,
             count(*) filter (where cp.added_at > now())::int as future,
             count(*) filter (where cp.added_at >= now() - interval '30 days' and exists (
               select 1 from order_lines l join orders o on o.id = l.order_id where l.product_id = cp.product_id and o.organisation_id = c.organisation_id))::int as recent_ordered
      from contracts c join contract_prices cp on cp.contract_id = c.id group by c.id`);
    expect(contracts).toHaveLength(2);
    for (const c of contracts) {
      expect(c.recent).toBeGreaterThanOrEqual(4);
      expect(c.recent).toBeLessThanOrEqual(8);
      expect(c.old).toBeGreaterThan(10 * c.recent);
      expect([c.middle, c.future, c.recent_ordered]).toEqual([0, 0, 0]);
    }
  });
});

describe('large catalogue generator', () => {
  // 3 000 products with their texts: seconds on a quiet machine, over the suite's 30 s default at load
  // 20-35 (seen in the engine pass); the ceiling only ends a hang.
  it('adds products with translations in bulk, and continues numbering on a second run', { timeout: 180_000 }, async () => {
    const { generateLargeCatalogue } = await import('./seed/large-catalogue');
    const { sql } = await import('drizzle-orm');
    const db = t.app.database.db;
    const count = async () => ((await db.execute(sql`select count(*)::int as n from products`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const before = await count();
    const first = await generateLargeCatalogue(db, { count: 2500, batchSize: 1000 });
    const second = await generateLargeCatalogue(db, { count: 500 });
    expect(first.total).toBe(before + 2500);
    expect(second.total).toBe(before + 3000);
    const [check] = ((await db.execute(sql`
      select count(*) filter (where nsn is not null and nsn !~ '^[0-9]{4}-[0-9]{2}-[0-9]{3}-[0-9]{4}$')::int as bad_nsn,
             (select count(*)::int from product_translations pt join products p on p.id = pt.product_id where p.article_code like 'GEN-%') as names
      from products where article_code like 'GEN-%'`)) as unknown as { rows: { bad_nsn: number; names: number }[] }).rows;
    expect(check).toEqual({ bad_nsn: 0, names: 9000 });
    // The generated contract lines joined over two years, not all at once.
    const [joined] = ((await db.execute(sql`
      select count(*)::int as lines, count(distinct date_trunc('day', cp.added_at))::int as days,
             count(*) filter (where cp.added_at > now() or cp.added_at < now() - interval '731 days')::int as outside
      from contract_prices cp join products p on p.id = cp.product_id where p.article_code like 'GEN-%'`)) as unknown as { rows: { lines: number; days: number; outside: number }[] }).rows;
    expect(joined!.lines).toBe(1000);
    expect(joined!.days).toBeGreaterThan(300);
    expect(joined!.outside).toBe(0);
  });
});

describe('gateway contract and shutdown', () => {
  // It starts a second app on an empty database (initdb, migrations) inside the test.
  it('lets the caller register root routes, and finishes in-flight requests on close', { timeout: 180_000 }, async () => {
    let started!: () => void;
    const requestStarted = new Promise<void>((resolve) => (started = resolve));
    const other = await startTestApp({ seedDemo: false }, (app) => {
      // What the gateway does: register on the root of the returned instance.
      app.register(async (root) => {
        root.get('/slow', async () => {
          started();
          await new Promise((r) => setTimeout(r, 300));
          return { done: true };
        });
        root.setNotFoundHandler((_req, reply) => reply.code(404).type('text/html').send('<h1>gateway 404</h1>'));
      });
    });
    let closed = false;
    try {
      expect((await other.app.inject({ url: '/nope' })).body).toContain('gateway 404');
      expect((await other.app.inject({ url: '/api/nope' })).json().code).toBe('NOT_FOUND');
      const address = await other.app.listen({ host: '127.0.0.1', port: 0 });
      const inFlight = fetch(`${address}/slow`);
      await requestStarted;
      const closing = other.close().then(() => (closed = true));
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ done: true });
      await closing;
      await expect(other.app.database.ping()).rejects.toThrow();
    } finally {
      if (!closed) await other.close();
    }
  });
});

describe('persistence', () => {
  it('keeps its data across a restart', async () => {
    const account = demoAccounts().find((a) => a.role === 'buyer')!;
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: FORM_HEADERS,
      remoteAddress: '10.9.0.2',
      payload: form({ ...CLIENT, grant_type: 'password', username: account.email, password: account.password }),
    });
    expect(first.statusCode).toBe(200);
    const before = v.parse(TranslationListSchema, (await t.app.inject({ url: '/api/v1/translations' })).json());

    const app = await t.restart();

    // The refresh token stored before the restart still works; the demo data was not seeded twice.
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: FORM_HEADERS,
      remoteAddress: '10.9.0.2',
      payload: form({ ...CLIENT, grant_type: 'refresh_token', refresh_token: first.json().refresh_token }),
    });
    expect(refreshed.statusCode).toBe(200);
    const after = v.parse(TranslationListSchema, (await app.inject({ url: '/api/v1/translations' })).json());
    expect(after).toEqual(before);
    const { sql } = await import('drizzle-orm');
    const rows = ((await app.database.db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: { n: number }[] }).rows;
    expect(rows[0]!.n).toBe(demoAccounts().length);
  });

  it('reports not ready once the database is gone', async () => {
    await t.app.database.close();
    const res = await t.app.inject({ url: '/api/ready' });
    expectProblem(res, 503, 'NOT_READY');
    expect(res.body).not.toMatch(/stack|at .*\.ts|ECONN|pglite/i);
    expectProblem(await t.app.inject({ url: '/api/health/ready' }), 503, 'NOT_READY');
    // Liveness does not depend on the database.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    // An unexpected failure is a 500 that says nothing internal.
    const broken = await t.app.inject({ url: '/api/v1/translations?prefix=not-cached-yet' });
    const problem = expectProblem(broken, 500, 'INTERNAL');
    expect(problem.detail).toBe('An unexpected error occurred');
    expect(Object.keys(broken.json()).sort()).toEqual(['code', 'detail', 'instance', 'requestId', 'status', 'title']);
    expect(broken.body).not.toMatch(/stack|select |closed|pglite|ECONN|\.ts/i);
  });
});
