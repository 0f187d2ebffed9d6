// Point-in-time recovery (issue 43, decision 085): a PostgreSQL of the test's own archives its WAL
// into a folder; the portal takes orders and issues invoices; `ops backup --base` copies the server;
// more orders; the test notes a time T (the server's clock); more orders again; then `ops restore
// --to T` recovers the base backup with the archive into a fresh data directory. The restored
// database holds exactly the orders and invoices committed up to T (those after the base backup
// included: replayed from the archive), a portal on it numbers the next invoice N + 1, and the deploy
// store is the one the base set archived. Bad times are refused with nothing written.
//
// PostgreSQL's server refuses to run as root: as root, the server and `ops` (whose restore starts a
// server) run as the `postgres` user, who owns the test's folder. Every wait is for a state.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { abortCanary, DirectoryStore, lastGoodBackup, publishAll, startCanary, type OpsContext } from '@portal/deploy';
import { createFakeRepo, type FakeRepo } from '@portal/deploy/testing';
import type { Instance } from '../src/instance';
import { REPO_ROOT } from '../src/paths';
import { CASE_MANAGER } from './support/accounts';
import { newPortalSecrets, productionPortal } from './support/production-portal';
import { queryOnce } from './support/query-once';
import { onProcessExit } from './support/exit-hooks';
import { startOrderLoad, type Acknowledged } from './support/order-clients';
import { call, signIn } from './support/portal-client';
import { asPostgres, BIN, postgresIds, requireServerPrograms, startPrivatePostgres, type PrivatePostgres } from './support/private-postgres';
import { addBuyers, contractProducts } from './support/seed';
import { shipOrder, startShipper } from './support/shipper';
import { waitUntil } from './support/wait';

/** Ports of this test (8440-8449): the source server, its portal, the restored server, its portal. */
const PORTS = { source: 8440, portal: 8441, restored: 8442, restoredPortal: 8443 };

let workDir: string;
let removeWorkDir: () => void;
let repo: FakeRepo | undefined;
let server: PrivatePostgres | undefined;
let pool: pg.Pool | undefined;
let original: Instance | undefined;
let restored: Instance | undefined;
const secrets = newPortalSecrets();
const { clientSecret } = secrets;

const dirs = () => ({
  store: join(workDir, 'store'),
  archive: join(workDir, 'wal-archive'),
  backups: join(workDir, 'backups'),
  restoredData: join(workDir, 'restored-data'),
  restoredStore: join(workDir, 'restored-store'),
});

/** Gives the folder (and what is in it) to the postgres user when the test runs as root. */
function giveToPostgres(path: string) {
  if (postgresIds()) execFileSync('chown', ['-R', 'postgres:postgres', path]);
}

/** A portal with production settings on `databaseUrl` and `storeDir`, sharing the test's secrets. */
const portal = (port: number, databaseUrl: string, storeDir: string, name: string, seed: boolean): Instance =>
  productionPortal({ port, databaseUrl, storeDir, name, seed, workDir, secrets });

interface OpsRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `pnpm ops …` as the operator on the database machine types it: as the user owning PostgreSQL's files. */
function ops(...args: string[]): Promise<OpsRun> {
  const cli = [join(REPO_ROOT, 'infra/deploy/bin/ops.mjs'), ...args];
  const [file, argv] = userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', process.execPath, ...cli]] : [process.execPath, cli];
  return new Promise((resolve) => {
    execFile(file, argv, { cwd: REPO_ROOT, env: { ...process.env, PORTAL_ENV: '', PG_BIN: BIN, INIT_CWD: '' } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await pool!.query(text, values)).rows as T[];
const onRestored = queryOnce;

beforeAll(async () => {
  // Fails, never skips, on a machine without PostgreSQL's server programs (pg_basebackup and
  // pg_verifybackup are what ops runs, pg_ctl what its restore starts the server with).
  requireServerPrograms(['initdb', 'pg_ctl', 'postgres', 'pg_isready', 'pg_basebackup', 'pg_verifybackup', 'pg_waldump', 'psql']);
  workDir = mkdtempSync(join(tmpdir(), 'portal-pitr-test-'));
  removeWorkDir = onProcessExit(() => {
    if (existsSync(join(workDir, 'restored-data', 'postmaster.pid'))) asPostgres(join(BIN, 'pg_ctl'), ['stop', '-D', join(workDir, 'restored-data'), '-m', 'immediate', '-w'], { allowFail: true });
    rmSync(workDir, { recursive: true, force: true });
  });
  mkdirSync(dirs().archive);
  giveToPostgres(workDir);
  // WAL archiving as docs/operations.md configures it, into the folder the operator names.
  server = await startPrivatePostgres(PORTS.source, {
    settings: ['wal_level = replica', 'full_page_writes = on', 'archive_mode = on', `archive_command = 'test ! -f ${dirs().archive}/%f && cp %p ${dirs().archive}/%f'`],
  });
  const sourceUrl = await server.createDatabase('portal');
  pool = new pg.Pool({ connectionString: sourceUrl, max: 2 });
  repo = await createFakeRepo();
  const ctx: OpsContext = { store: new DirectoryStore(dirs().store), repoRoot: repo.root, by: 'pitr-test' };
  await publishAll(ctx, 'production', { reason: 'before the base backup' });
  await repo.rebuild('catalog', 'v2');
  await startCanary(ctx, 'catalog', 'production', { percent: 10, reason: 'canary before the base backup' });
  giveToPostgres(dirs().store);
  // The ops bundle is (re)built by its first run; the postgres user may not write the repository.
  execFileSync(process.execPath, [join(REPO_ROOT, 'infra/deploy/bin/ops.mjs'), '--help'], { cwd: REPO_ROOT, stdio: 'ignore' });
  // The portal migrates the empty database and seeds the demo data, as on a first deployment.
  original = portal(PORTS.portal, sourceUrl, dirs().store, 'original', true);
  await original.start();
});

afterAll(async () => {
  await restored?.kill();
  await original?.kill();
  await pool?.end();
  if (workDir && existsSync(join(dirs().restoredData, 'postmaster.pid'))) asPostgres(join(BIN, 'pg_ctl'), ['stop', '-D', dirs().restoredData, '-m', 'immediate', '-w'], { allowFail: true });
  server?.destroy();
  await repo?.cleanup();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  removeWorkDir?.();
});

it('recovers to a time between orders: exactly the orders and invoices up to it, the series continued, the base set’s store', async () => {
  const base = original!.url;
  const buyers = await addBuyers({ sql }, 'pitr', 2);
  const products = await contractProducts({ sql }, 3, 100_000);
  const staff = await signIn(base, clientSecret, CASE_MANAGER);

  /** Buyers order and staff ship every other order (issuing its invoice) until each count is reached. */
  async function trade(orders: number, shipped: number): Promise<{ placed: Acknowledged[]; shipped: string[] }> {
    const load = await startOrderLoad({ base, clientSecret, buyers, products });
    const shipper = startShipper(base, staff.access, () => load.acknowledged.filter((_, i) => i % 2 === 0).map((a) => a.id));
    try {
      await waitUntil(async () => [load.acknowledged.length, shipper.shipped.length], ([o, s]) => o! >= orders && s! >= shipped, `${orders} orders placed and ${shipped} shipped`);
    } finally {
      await load.stop();
      await shipper.stop();
    }
    expect(load.unexpected).toEqual([]);
    expect(shipper.unexpected).toEqual([]);
    return { placed: load.acknowledged, shipped: shipper.shipped };
  }

  const beforeBase = await trade(3, 1);
  const storeAtBackup = new DirectoryStore(dirs().store);
  const registryAtBackup = await storeAtBackup.readRegistry('production');
  const made = await ops('backup', '--base', '--database-url', server!.urlOf('portal'), '--store', dirs().store, '--backup-dir', dirs().backups, '--json');
  expect(made.code, made.stderr).toBe(0);
  const set = JSON.parse(made.stdout) as { dir: string; manifest: { kind: string; startedAt: string; finishedAt: string; base: { recoverableFrom: string }; files: { path: string }[] } };
  expect(set.manifest.kind).toBe('base');
  expect(set.manifest.files.map((f) => f.path)).toEqual(['base/backup_manifest', 'store.tar.gz']);
  // The backup-age alert's reader counts it as the last good backup.
  expect(await lastGoodBackup(dirs().backups)).toEqual(new Date(set.manifest.finishedAt));

  // After the base backup: orders and invoices only the WAL archive holds, and a deploy (the canary
  // aborted) that the base set's store does not hold.
  const afterBase = await trade(3, 1);
  await abortCanary({ store: new DirectoryStore(dirs().store), repoRoot: repo!.root, by: 'pitr-test' }, 'catalog', 'production', 'after the base backup');
  // T: the server's clock (commit times are), after every order above was acknowledged; what the
  // source holds then (the demo's seeded orders and invoices too) is what the restore must hold.
  const [{ t }] = (await sql<{ t: string }>(`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t`)) as [{ t: string }];
  const ordersAtT = (await sql<{ id: string }>('select id from orders order by id')).map((r) => r.id);
  const invoicesAtT = await sql<{ order_id: string; number: string }>('select order_id, number from invoices order by number, order_id');
  const afterT = await trade(3, 2);
  // The segment holding the commits after T is archived (a state pg_stat_archiver reports), so
  // recovery finds the first commit past T and stops there.
  const [{ segment }] = (await sql<{ segment: string }>('select pg_walfile_name(pg_switch_wal()) as segment')) as [{ segment: string }];
  await waitUntil(
    () => sql<{ last: string | null }>('select last_archived_wal as last from pg_stat_archiver'),
    (rows) => (rows[0]!.last ?? '') >= segment,
    `WAL segment ${segment} archived`,
  );

  // Bad times: refused with a clear message, a non-zero exit, and nothing written.
  const restore = (to: string) =>
    ops('restore', set.dir, '--to', to, '--data-dir', dirs().restoredData, '--wal-archive', dirs().archive, '--port', String(PORTS.restored), '--store', dirs().restoredStore, '--json');
  const refusals: [string, RegExp][] = [
    ['not-a-time', /is not a time: give an ISO 8601 time/],
    ['2026-02-30T10:00:00Z', /is not a real time/],
    [new Date(Date.parse(set.manifest.startedAt) - 60_000).toISOString(), /before this base backup can recover to/],
    [new Date(Date.now() + 3_600_000).toISOString(), /is in the future/],
  ];
  for (const [to, message] of refusals) {
    const refused = await restore(to);
    expect(refused.code, to).toBe(1);
    expect(refused.stderr).toMatch(message);
    expect(refused.stderr).toMatch(/nothing was restored/);
    expect(existsSync(dirs().restoredData) || existsSync(dirs().restoredStore), `${to}: nothing written`).toBe(false);
  }

  const recovered = await restore(t);
  expect(recovered.code, recovered.stderr).toBe(0);
  const result = JSON.parse(recovered.stdout) as { databaseUrl: string; tables: Record<string, number> };
  const url = result.databaseUrl;
  expect(url).toBe(`postgres://root@127.0.0.1:${PORTS.restored}/portal`);

  // Exactly the orders there at T: those before the base backup, and those only the archive held.
  const upToT = [...beforeBase.placed, ...afterBase.placed];
  const restoredOrders = (await onRestored<{ id: string }>(url, 'select id from orders order by id')).map((r) => r.id);
  expect(restoredOrders).toEqual(ordersAtT);
  for (const order of upToT) expect(restoredOrders, `order ${order.number} placed before T`).toContain(order.id);
  for (const order of afterT.placed) expect(restoredOrders, `order ${order.number} placed after T`).not.toContain(order.id);
  expect(result.tables['public.orders']).toBe(ordersAtT.length);

  // Exactly the invoices issued up to T, with the numbers the source gave them; this year's run 1..N.
  const invoices = await onRestored<{ order_id: string; number: string; year: number }>(url, 'select order_id, number, year from invoices order by number, order_id');
  expect(invoices.map(({ order_id, number }) => ({ order_id, number }))).toEqual(invoicesAtT);
  const ours = invoices.filter((i) => [...beforeBase.shipped, ...afterBase.shipped].includes(i.order_id));
  expect(ours).toHaveLength(beforeBase.shipped.length + afterBase.shipped.length);
  const year = ours[0]!.year;
  const numbers = invoices.filter((i) => i.year === year).map((i) => Number(i.number.slice(5)));
  expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  const [series] = await onRestored<{ last_number: number }>(url, 'select last_number from invoice_number_series where year = $1', [year]);
  expect(series!.last_number).toBe(numbers.length);
  // The source went on past N after T: the restored series must not follow it.
  const [sourceSeries] = await sql<{ last_number: number }>('select last_number from invoice_number_series where year = $1', [year]);
  expect(sourceSeries!.last_number).toBe(numbers.length + afterT.shipped.length);

  // The deploy store as the base set archived it: the canary aborted after it is running again.
  const restoredStore = new DirectoryStore(dirs().restoredStore);
  expect(await restoredStore.readRegistry('production')).toEqual(registryAtBackup);
  expect((await restoredStore.readRegistry('production'))!.remotes.catalog!.canary?.percent).toBe(10);
  for (const app of ['shell', 'catalog', 'checkout'] as const) expect((await restoredStore.listVersions(app)).sort()).toEqual((await storeAtBackup.listVersions(app)).sort());

  // A portal on the restored copy numbers the next invoice N + 1: no gap, no repeat within its series.
  await original!.kill();
  original = undefined;
  restored = portal(PORTS.restoredPortal, url, dirs().restoredStore, 'restored', false);
  await restored.start();
  const unshipped = upToT.find((o) => !ours.some((i) => i.order_id === o.id))!;
  const staffThere = await signIn(restored.url, clientSecret, CASE_MANAGER);
  expect(await shipOrder(restored.url, staffThere.access, unshipped.id)).toBeNull();
  const buyer = await signIn(restored.url, clientSecret, unshipped.buyer);
  const next = await call(restored.url, buyer.access, 'GET', `/v1/invoices?order=${unshipped.id}`);
  expect(next.status).toBe(200);
  expect((next.json!.items as { number: string }[]).map((i) => i.number)).toEqual([`${year}-${String(numbers.length + 1).padStart(6, '0')}`]);
});
