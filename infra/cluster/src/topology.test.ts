// The topology itself (decision 022): nginx balances over two instances on one fresh PostgreSQL
// database, each instance reports live/ready, and SIGTERM drains a request in flight before exiting
// 0 while nginx keeps serving from the other instance. The heavy scale-out tests are in test/.
import { connect, type Socket } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';
import { startTopology, type Topology } from './topology';

const SERVER = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
const PORT = Number(process.env.CLUSTER_TEST_PORT ?? 8300);
const INSTANCE_PORTS = [PORT + 1, PORT + 2];

let db: TestDatabase;
let topology: Topology;
let workDir: string;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'cluster-test-'));
  db = await createTestDatabase(SERVER, 'cluster_test');
  // Info logs: the drain test waits for the instance's "incoming request" line before it signals.
  topology = await startTopology({ instances: 2, port: PORT, instancePorts: INSTANCE_PORTS, databaseUrl: db.url, workDir, env: { LOG_LEVEL: 'info' } });
});

afterAll(async () => {
  await topology?.stop();
  await db?.drop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const upstreamsInLog = () => new Set([...readFileSync(join(workDir, 'logs', 'access.log'), 'utf8').matchAll(/upstream=127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1])));

/** Resolves when a new connection to `port` is refused: the listener is closed. */
async function refused(port: number): Promise<void> {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const s = connect({ host: '127.0.0.1', port });
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (!open) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Everything a socket sends until it closes. */
const readAll = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.once('end', () => resolve(text));
    socket.once('error', reject);
  });

describe('topology: nginx in front of two portal instances on PostgreSQL', () => {
  it('balances requests over both instances through nginx', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${topology.url}/api/health/ready`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ready', database: 'postgres' });
    }
    expect(upstreamsInLog()).toEqual(new Set(INSTANCE_PORTS));
    // The shell's page comes through nginx with the gateway's cache rule and compression: private,
    // since it carries the caller's registry view (decision 024), and varying with the cookie.
    const page = await fetch(`${topology.url}/en`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.headers.get('vary')).toMatch(/cookie/i);
    expect(page.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers live and ready on each instance, uncached', async () => {
    for (const instance of topology.instances) {
      const live = await fetch(`${instance.url}/api/health/live`);
      expect(live.status).toBe(200);
      expect(live.headers.get('cache-control')).toBe('no-store');
      expect(await live.json()).toMatchObject({ status: 'ok' });
      const ready = await fetch(`${instance.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'postgres', redis: 'not configured' });
    }
  });

  it('drains a request in flight on SIGTERM, exits 0, while nginx serves from the other instance', async () => {
    const [first] = topology.instances;
    // A request whose body is only half sent is in flight: the instance cannot answer it yet.
    const body = 'grant_type=password&username=nobody%40example.com&password=wrong-password';
    const socket = connect({ host: '127.0.0.1', port: first!.port });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const answer = readAll(socket);
    socket.write(
      `POST /api/oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    // Wait until the instance has the request (logged on arrival, so it is active, not idle), then signal.
    await expect
      .poll(() => /"method":"POST","url":"\/api\/oauth\/token"/.test(readFileSync(join(workDir, 'logs', 'instance-1.log'), 'utf8')), { timeout: 60_000 })
      .toBe(true);
    const exited = first!.kill('SIGTERM');
    await refused(first!.port);
    // The instance no longer accepts; nginx passes new requests to the other one.
    for (let i = 0; i < 4; i++) expect((await fetch(`${topology.url}/api/health/ready`)).status).toBe(200);
    socket.write(body.slice(10));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 (400|401) /);
    expect(text.toLowerCase()).toContain('connection: close');
    await exited;
    expect(first!.lastExit).toEqual({ code: 0, signal: null });

    await first!.start();
    expect((await fetch(`${first!.url}/api/health/ready`)).status).toBe(200);
  });
});
