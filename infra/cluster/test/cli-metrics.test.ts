// `npm run cluster` without --observe (decision 084): every instance still serves its metrics
// listener, on the loopback and behind the run's token, so an operator can scrape a cluster started
// without Prometheus. The launcher itself is run (its arguments, its printed lines, its token file),
// on the shared PostgreSQL in a database of its own, no Redis, nginx and one instance on this file's
// ports; every wait is for a state (a printed line, an answer, the exit).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths';
import { createTestDatabase, type TestDatabase } from '../src/test-database';
import { killIfAlive, onProcessExit } from './support/exit-hooks';
import { waitUntil } from './support/wait';

const SERVER = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
const NGINX_PORT = 8436;
const METRICS_PORT = 8438;
/** Nothing listens here: the launcher finds no Redis and starts without it (no shared keys touched). */
const NO_REDIS = 'redis://127.0.0.1:8439';

let db: TestDatabase | undefined;
let launcher: ChildProcess | undefined;
let exited: Promise<number | null> | undefined;
let output = '';
const workDir = mkdtempSync(join(tmpdir(), 'portal-cluster-cli-'));
const removeDirHook = onProcessExit(() => rmSync(workDir, { recursive: true, force: true }));

beforeAll(async () => {
  db = await createTestDatabase(SERVER, 'cluster_cli_metrics');
  launcher = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'infra', 'cluster', 'src', 'cli.ts'), '--port', String(NGINX_PORT), '--instances', '1', '--metrics-port', String(METRICS_PORT), '--database-url', db.url, '--redis-url', NO_REDIS, '--work-dir', workDir],
    { cwd: join(REPO_ROOT, 'infra', 'cluster'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const pid = launcher.pid;
  onProcessExit(() => killIfAlive(pid));
  launcher.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  launcher.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  exited = new Promise((resolve) => launcher!.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  // Started: the launcher prints the accounts once nginx and the instance are up.
  await waitUntil(async () => output, (text) => text.includes('Ctrl-C stops it gracefully.'), 'the cluster to start', {
    timeoutMs: 200_000,
    everyMs: 500,
    abort: () => (gone ? `the launcher exited:\n${output}` : undefined),
  });
});

afterAll(async () => {
  if (launcher && launcher.exitCode === null && launcher.signalCode === null) {
    launcher.kill('SIGINT');
    await exited;
  }
  await db?.drop();
  rmSync(workDir, { recursive: true, force: true });
  removeDirHook();
});

describe('npm run cluster without --observe', () => {
  it("serves every instance's metrics on the loopback with the run's token, says where, and starts no Prometheus", async () => {
    expect(output).toContain(`metrics http://127.0.0.1:${METRICS_PORT}/metrics`);
    expect(output).toContain(`the token in ${join(workDir, 'metrics-token')}`);
    expect(output).not.toContain('Prometheus http');
    const tokenFile = join(workDir, 'metrics-token');
    // Only this user reads the token.
    expect(statSync(tokenFile).mode & 0o077).toBe(0);
    const token = readFileSync(tokenFile, 'utf8');
    expect(token.length).toBeGreaterThanOrEqual(16);

    const metrics = `http://127.0.0.1:${METRICS_PORT}/metrics`;
    const scraped = await fetch(metrics, { headers: { authorization: `Bearer ${token}` } });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    // The API's own series: the orders counter (decision 084) and the per-route requests.
    expect(text).toContain('portal_orders_placed_total{channel="checkout"} 0');
    expect(text).toContain('portal_http_requests_total');
    // Without the token: refused; through nginx's public port: not served at all (decision 071).
    expect((await fetch(metrics)).status).toBe(401);
    for (const path of ['/metrics', '/api/metrics']) expect(await (await fetch(`http://127.0.0.1:${NGINX_PORT}${path}`)).text(), path).not.toContain('portal_http_requests_total');
    expect((await fetch(`http://127.0.0.1:${NGINX_PORT}/api/metrics`)).status).toBe(404);
  });

  it('stops gracefully on Ctrl-C, the listener with the instance', async () => {
    launcher!.kill('SIGINT');
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).rejects.toThrow();
  });
});
