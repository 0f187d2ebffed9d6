// Behind nginx, the per-address limits count the address nginx saw, whatever X-Forwarded-For the
// client writes: every made-up value used to get a fresh bucket (nginx appended to the client's own
// header and the instances trusted every hop), so ten wrong passwords, then the right one with
// `X-Forwarded-For: 203.0.113.9`, signed in. Each limit is filled with a different made-up header
// on every request, so each request after the limit must be refused.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@portal/api/tooling';
import { createTestDatabase, type TestDatabase } from './test-database';
import { startTopology, type Topology } from './topology';

const SERVER = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
// Apart from topology.test.ts (8300...): the suites run one file at a time, but a leftover must not collide.
const PORT = Number(process.env.CLUSTER_ADDRESS_TEST_PORT ?? 8350);
const SECRET = `client-address-${randomBytes(12).toString('hex')}`;
const LIMIT = 3;
const account = demoAccounts().find((a) => a.email.startsWith('eva.'))!;

let db: TestDatabase;
let topology: Topology;
let workDir: string;
let spoofs = 0;
/** A documentation address never used before in this run (TEST-NET-3). */
const spoofed = () => `203.0.113.${++spoofs % 250}, 198.51.100.${spoofs % 250}`;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'cluster-address-'));
  db = await createTestDatabase(SERVER, 'cluster_address');
  topology = await startTopology({
    instances: 1,
    port: PORT,
    instancePorts: [PORT + 1],
    databaseUrl: db.url,
    workDir,
    env: {
      OAUTH_CLIENT_SECRET: SECRET,
      AUTH_REQUEST_LIMIT: String(LIMIT),
      ANONYMOUS_GRANT_LIMIT_PER_MINUTE: String(LIMIT),
      AUTH_FAILURE_DELAY_MS: '0',
    },
  });
});

afterAll(async () => {
  await topology?.stop();
  await db?.drop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const form = (fields: Record<string, string>) => new URLSearchParams({ client_id: 'portal-web', client_secret: SECRET, ...fields });
const token = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${topology.url}/api/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: form(fields) });
const post = (path: string, body: object, headers: Record<string, string> = {}) =>
  fetch(`${topology.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers }, body: JSON.stringify(body) });

describe('per-address limits through nginx with a made-up X-Forwarded-For', () => {
  it('sign-in: after ten wrong passwords the right one is refused too, whatever the header says', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await token({ grant_type: 'password', username: account.email, password: `wrong-${i}` }, { 'x-forwarded-for': spoofed() });
      expect(res.status, `guess ${i + 1}`).toBe(400);
    }
    const real = await token({ grant_type: 'password', username: account.email, password: account.password });
    expect(real.status).toBe(429);
    const spoof = await token({ grant_type: 'password', username: account.email, password: account.password }, { 'x-forwarded-for': '203.0.113.9' });
    expect(spoof.status).toBe(429);
    expect(await spoof.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('auth requests (forgot password) share one bucket per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await post('/v1/auth/forgot-password', { email: `nobody-${i}@example.com` }, { 'x-forwarded-for': spoofed() })).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(202), 429]);
  });

  it('anonymous sessions share one bucket per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await token({ grant_type: 'anonymous' }, { 'x-forwarded-for': spoofed() })).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429]);
  });

  it('newsletter sign-ups (the public form limited per address) share one bucket per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await post('/v1/newsletter', { email: `reader-${i}@example.com` }, { 'x-forwarded-for': spoofed(), 'x-real-ip': '198.51.100.7' })).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, LIMIT).every((s) => s < 300)).toBe(true);
  });
});
