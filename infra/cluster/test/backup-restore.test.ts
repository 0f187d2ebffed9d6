// Backups that restore (issue 43, decision 073): `ops backup` taken while buyers place orders and
// staff ship them (issuing invoices), restored with `ops restore` into a fresh database and store,
// and a portal started on the restored copy serves the same orders, continues the invoice series with
// the next number, and serves the same deployed versions.
//
// "While": a test-only table in the source database is held locked, so pg_dump, which takes its
// snapshot before it locks the tables it dumps, waits on it with its snapshot taken; the test sees it
// waiting (pg_stat_activity), lets orders and invoices be written meanwhile, then lets it finish. No
// timing: every wait is for a state.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { DirectoryStore, listBackupSets, publishAll, startCanary, type OpsContext } from '@portal/deploy';
import { createFakeRepo, writeFakeBackupSet, type FakeRepo } from '@portal/deploy/testing';
import type { Instance } from '../src/instance';
import { REPO_ROOT } from '../src/paths';
import { createTestDatabase, type TestDatabase } from '../src/test-database';
import { CASE_MANAGER } from './support/accounts';
import { newPortalSecrets, productionPortal } from './support/production-portal';
import { queryOnce } from './support/query-once';
import { onProcessExit } from './support/exit-hooks';
import { startOrderLoad } from './support/order-clients';
import { call, signIn } from './support/portal-client';
import { addBuyers, contractProducts } from './support/seed';
import { shipOrder, startShipper } from './support/shipper';
import { waitUntil } from './support/wait';

const SERVER = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
const PORT = Number(process.env.CLUSTER_BACKUP_TEST_PORT ?? 8370);

let workDir: string;
let removeWorkDir: () => void;
let repo: FakeRepo | undefined;
let source: TestDatabase | undefined;
let target: TestDatabase | undefined;
let pool: pg.Pool | undefined;
let original: Instance | undefined;
let restored: Instance | undefined;
const secrets = newPortalSecrets();
const { clientSecret } = secrets;

const dirs = () => ({ store: join(workDir, 'store'), restoredStore: join(workDir, 'restored-store'), backups: join(workDir, 'backups') });

/** A portal with production settings on `databaseUrl` and `storeDir`, sharing the test's secrets. */
const portal = (port: number, databaseUrl: string, storeDir: string, name: string, seed: boolean): Instance =>
  productionPortal({ port, databaseUrl, storeDir, name, seed, workDir, secrets });

/** `pnpm ops …` as an operator types it (bin/ops.mjs rebuilds the CLI when its sources are newer). */
function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(REPO_ROOT, 'infra/deploy/bin/ops.mjs'), ...args], { cwd: REPO_ROOT, env: { ...process.env, PORTAL_ENV: '' } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await pool!.query(text, values)).rows as T[];
const onTarget = <T = Record<string, unknown>>(text: string, values: unknown[] = []) => queryOnce<T>(target!.url, text, values);

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'portal-backup-test-'));
  removeWorkDir = onProcessExit(() => rmSync(workDir, { recursive: true, force: true }));
  source = await createTestDatabase(SERVER, 'backup_source');
  target = await createTestDatabase(SERVER, 'backup_target');
  pool = new pg.Pool({ connectionString: source.url, max: 2 });
  // The deploy store: every app live, and a canary of the catalogue for 10 % (fake builds: the
  // store's state, not the apps' code, is what is backed up).
  repo = await createFakeRepo();
  const ctx: OpsContext = { store: new DirectoryStore(dirs().store), repoRoot: repo.root, by: 'backup-test' };
  await publishAll(ctx, 'production', { reason: 'before the backup' });
  await repo.rebuild('catalog', 'v2');
  await startCanary(ctx, 'catalog', 'production', { percent: 10, reason: 'canary before the backup' });
  original = portal(PORT, source.url, dirs().store, 'original', true);
  await original.start();
});

afterAll(async () => {
  await restored?.kill();
  await original?.kill();
  await pool?.end();
  await source?.drop();
  await target?.drop();
  await repo?.cleanup();
  rmSync(workDir, { recursive: true, force: true });
  removeWorkDir();
});

it('restores a backup taken under load: the same orders, the invoice series continued, the same deployed versions', async () => {
  const base = original!.url;
  const buyers = await addBuyers({ sql }, 'backup', 3);
  const products = await contractProducts({ sql }, 4, 100_000);
  const load = await startOrderLoad({ base, clientSecret, buyers, products });
  const staff = await signIn(base, clientSecret, CASE_MANAGER);
  // Every other order is shipped (and invoiced); the rest stay `ordered`, to be shipped after the restore.
  const shipper = startShipper(base, staff.access, () => load.acknowledged.filter((_, i) => i % 2 === 0).map((a) => a.id));
  const invoicesIssued = async () => Number((await sql<{ n: string }>('select count(*) as n from invoices'))[0]!.n);
  const gate = new pg.Client({ connectionString: source!.url });
  let backup: ReturnType<typeof ops> | undefined;
  let placedBeforeBackup: Set<string>;
  let placedAfterSnapshot: Set<string>;
  try {
    await waitUntil(async () => shipper.shipped.length, (n) => n >= 2, 'orders placed and shipped before the backup');
    await gate.connect();
    await gate.query('create table backup_test_gate (id integer)');
    await gate.query('begin');
    await gate.query('lock table backup_test_gate in access exclusive mode');

    placedBeforeBackup = new Set(load.acknowledged.map((a) => a.id));
    // An older set, which --keep 1 deletes once the new one is complete.
    await writeFakeBackupSet(dirs().backups, new Date('2026-01-01T02:00:00Z'));
    backup = ops('backup', '--database-url', source!.url, '--store', dirs().store, '--backup-dir', dirs().backups, '--keep', '1', '--json');
    await waitUntil(
      () => sql<{ n: string }>(`select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'pg_dump' and wait_event_type = 'Lock'`),
      (rows) => Number(rows[0]!.n) === 1,
      'pg_dump waiting on the gate with its snapshot taken',
    );
    const atSnapshot = { orders: load.acknowledged.length, invoices: await invoicesIssued() };
    // Orders placed and invoices issued while the dump is under way.
    await waitUntil(async () => load.acknowledged.length, (n) => n >= atSnapshot.orders + 4, 'orders placed during the dump');
    await waitUntil(invoicesIssued, (n) => n >= atSnapshot.invoices + 2, 'invoices issued during the dump');
    placedAfterSnapshot = new Set(load.acknowledged.slice(atSnapshot.orders).map((a) => a.id));
    await gate.query('commit');
  } finally {
    await gate.end().catch(() => undefined);
    await load.stop();
    await shipper.stop();
  }
  expect(load.unexpected).toEqual([]);
  expect(shipper.unexpected).toEqual([]);
  const made = await backup!;
  expect(made.code, made.stderr).toBe(0);
  const set = JSON.parse(made.stdout) as { dir: string; removed: string[]; manifest: { files: { path: string; sha256: string }[]; database: { lastMigration: { tag: string | null } | null } } };
  expect(set.removed).toEqual([join(dirs().backups, '20260101T020000Z-portal')]);
  expect((await listBackupSets(dirs().backups)).map((s) => s.dir)).toEqual([set.dir]);
  expect(set.manifest.files.map((f) => f.path).sort()).toEqual(['database.dump', 'store.tar.gz']);
  expect(set.manifest.database.lastMigration?.tag).toMatch(/^\d{4}_/);

  const restoring = await ops('restore', set.dir, '--database-url', target!.url, '--store', dirs().restoredStore);
  expect(restoring.code, restoring.stderr).toBe(0);
  // Again over what is now there: refused, nothing changed.
  const again = await ops('restore', set.dir, '--database-url', target!.url, '--store', dirs().restoredStore);
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/holds \d+ objects.*nothing was restored/s);

  restored = portal(PORT + 1, target!.url, dirs().restoredStore, 'restored', false);
  await restored.start();

  // The same orders: every order acknowledged before the backup began is there, none placed after
  // the dump's snapshot is, and each is served as the original serves it.
  const restoredIds = new Set((await onTarget<{ id: string }>('select id from orders')).map((r) => r.id));
  for (const id of placedBeforeBackup!) expect(restoredIds.has(id), `order ${id} placed before the backup`).toBe(true);
  for (const id of placedAfterSnapshot!) expect(restoredIds.has(id), `order ${id} placed after the snapshot`).toBe(false);
  const sourceIds = new Set((await sql<{ id: string }>('select id from orders')).map((r) => r.id));
  for (const id of restoredIds) expect(sourceIds.has(id)).toBe(true);
  const tokens = new Map<string, { original: string; restored: string }>();
  for (const buyer of buyers) tokens.set(buyer, { original: (await signIn(base, clientSecret, buyer)).access, restored: (await signIn(restored.url, clientSecret, buyer)).access });
  const kept = load.acknowledged.filter((a) => restoredIds.has(a.id));
  expect(kept.length).toBeGreaterThanOrEqual(placedBeforeBackup!.size);
  const served = (json: Record<string, unknown> | null) => ({ number: json?.number, lines: json?.lines, totals: json?.totals });
  for (const order of kept) {
    const there = await call(restored.url, tokens.get(order.buyer)!.restored, 'GET', `/v1/orders/${order.id}`);
    const here = await call(base, tokens.get(order.buyer)!.original, 'GET', `/v1/orders/${order.id}`);
    expect(there.status).toBe(200);
    expect(served(there.json)).toEqual(served(here.json));
    expect(there.json!.number).toBe(order.number);
  }

  // The invoice series: the restored numbers run 1..N without a hole, the series row says N, the
  // original had gone past N during the dump, and the next invoice issued on the copy is N + 1.
  const [{ year }] = (await sql<{ year: number }>('select year from invoices where order_id = $1', [shipper.shipped[0]])) as [{ year: number }];
  const numbers = (await onTarget<{ number: string }>('select number from invoices where year = $1 order by number', [year])).map((r) => Number(r.number.slice(5)));
  expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  const [series] = await onTarget<{ last_number: number }>('select last_number from invoice_number_series where year = $1', [year]);
  expect(series?.last_number, `the ${year} series row`).toBe(numbers.length);
  const [sourceSeries] = await sql<{ last_number: number }>('select last_number from invoice_number_series where year = $1', [year]);
  expect(sourceSeries!.last_number).toBeGreaterThan(numbers.length);
  const [unshipped] = await onTarget<{ id: string }>(`select id from orders where id = any($1::uuid[]) and status = 'ordered' limit 1`, [kept.map((k) => k.id)]);
  expect(unshipped, 'an order restored unshipped').toBeDefined();
  const staffThere = await signIn(restored.url, clientSecret, CASE_MANAGER);
  expect(await shipOrder(restored.url, staffThere.access, unshipped!.id)).toBeNull();
  const buyerOf = kept.find((k) => k.id === unshipped!.id)!.buyer;
  const invoices = await call(restored.url, tokens.get(buyerOf)!.restored, 'GET', `/v1/invoices?order=${unshipped!.id}`);
  expect(invoices.status).toBe(200);
  expect((invoices.json!.items as { number: string }[]).map((i) => i.number)).toEqual([`${year}-${String(numbers.length + 1).padStart(6, '0')}`]);

  // The deploy store: the same registry (live versions and the canary), history and published versions.
  const before = new DirectoryStore(dirs().store);
  const after = new DirectoryStore(dirs().restoredStore);
  const registry = await after.readRegistry('production');
  expect(registry).toEqual(await before.readRegistry('production'));
  expect(registry!.remotes.catalog!.canary?.percent).toBe(10);
  expect(await after.readHistory('production')).toEqual(await before.readHistory('production'));
  for (const app of ['shell', 'catalog', 'checkout'] as const) expect((await after.listVersions(app)).sort()).toEqual((await before.listVersions(app)).sort());
  // As a browser gets it, for visitors on either side of the canary's 10 %: the same from both portals.
  const visitors = Array.from({ length: 12 }, (_, i) => `backup-visitor-${String(i).padStart(4, '0')}`);
  const servedRegistry = async (url: string, visitor: string) => (await fetch(`${url}/registry/production.json`, { headers: { cookie: `portal_bucket=${visitor}` } })).json();
  for (const visitor of visitors) expect(await servedRegistry(restored.url, visitor)).toEqual(await servedRegistry(base, visitor));
});
