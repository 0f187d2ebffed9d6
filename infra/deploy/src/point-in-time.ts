// `ops restore <base set> --to <time>`: point-in-time recovery with PostgreSQL's own tools (decision
// 085). The base backup (pg_basebackup, checked by pg_verifybackup) is copied into a new data
// directory, told where the WAL archive is (restore_command) and when to stop (recovery_target_time),
// started on its own port, and promoted when it reaches the time; then every table of the portal's
// database must read. The deploy store comes back as the set holds it. Everything is checked before
// anything is written, and a restore that fails removes what it wrote: nothing is left half-done.
import { existsSync } from 'node:fs';
import { appendFile, chmod, cp, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { BASE_DIR, readManifest, verifySet, type BackupManifest } from './backup-set';
import { OpsError } from './errors';
import { checkRecoveryWindow, parseRecoveryTarget } from './recovery-target';
import { recoveryFailure, startServer, stopServer, waitForRecoveryEnd } from './recovery-server';
import { isNonEmptyDir, unpackStoreBeside } from './restore';
import { psqlRows, runTool, type PostgresTools } from './postgres-tools';

export interface PointInTimeOptions {
  /** A base set's folder (ops backup --base). */
  setDir: string;
  /** `--to`: the ISO time to recover to. */
  to: string;
  /** The new data directory (absent or empty). */
  dataDir: string;
  /** The WAL archive's folder, as this machine reaches it. */
  walArchive: string;
  /** The port the restored server listens on (loopback only). */
  port: number;
  /** The deploy store folder to restore into (absent or empty). */
  storeDir: string;
  tools: PostgresTools;
  /** Clock, replaceable in tests. */
  now?: () => Date;
  log?: (line: string) => void;
}

export interface PointInTimeResult {
  manifest: BackupManifest;
  /** The time recovered to, as given. */
  to: string;
  dataDir: string;
  /** The restored portal database on the running restored server. */
  databaseUrl: string;
  storeDir: string;
  /** Rows of each table of the portal's database (every one read after the restore). */
  tables: Record<string, number>;
}

/** A path PostgreSQL's restore_command and a shell both take as it is. */
const SAFE_PATH = /^\/[A-Za-z0-9_./@+-]+$/;

function refuse(message: string): never {
  throw new OpsError('OPS_BAD_ARGUMENT', `${message}; nothing was restored`);
}

/** Whether nothing listens on 127.0.0.1:`port`. */
function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

/** Every check that needs no writing: the set, the time, the folders, the user, the port. */
async function check(options: PointInTimeOptions): Promise<{ manifest: BackupManifest; target: ReturnType<typeof parseRecoveryTarget> }> {
  const target = parseRecoveryTarget(options.to);
  const manifest = await readManifest(options.setDir);
  if (manifest.kind !== 'base' || !manifest.base) refuse(`${manifest.name} is a pg_dump set, which restores to its own time only: --to needs a base set (ops backup --base)`);
  checkRecoveryWindow(target, manifest.base.recoverableFrom, (options.now ?? (() => new Date()))());
  if (!SAFE_PATH.test(options.walArchive)) refuse(`--wal-archive ${options.walArchive}: give an absolute path of letters, digits and _ . / @ + - (it goes into restore_command)`);
  const archive = await stat(options.walArchive).catch(() => undefined);
  if (!archive?.isDirectory()) refuse(`--wal-archive ${options.walArchive} is not a folder: name the folder archive_command copies the WAL into`);
  if (!SAFE_PATH.test(options.dataDir)) refuse(`--data-dir ${options.dataDir}: give an absolute path of letters, digits and _ . / @ + -`);
  if (await isNonEmptyDir(options.dataDir)) refuse(`--data-dir ${options.dataDir} is not empty: recovery starts from a fresh data directory`);
  if (await isNonEmptyDir(options.storeDir)) refuse(`the store ${options.storeDir} is not empty: restore into a fresh store folder`);
  if (!(Number.isInteger(options.port) && options.port > 0 && options.port < 65536)) refuse('--port needs a TCP port for the restored server');
  if (!(await portFree(options.port))) refuse(`port ${options.port} is in use: give the restored server a free --port`);
  if (process.getuid?.() === 0) {
    refuse("PostgreSQL's server does not run as root: run ops restore --to as the user that will own the data directory (e.g. runuser -u postgres -- pnpm ops restore …)");
  }
  await verifySet(options.setDir, manifest);
  // Debian keeps a cluster's configuration in /etc/postgresql: its base backup has none, and a server
  // started on it would not start. Said now, not after a copy.
  const missing = ['postgresql.conf', 'pg_hba.conf'].filter((file) => !existsSync(join(options.setDir, BASE_DIR, file)));
  if (missing.length) {
    refuse(`the base backup holds no ${missing.join(' or ')} (the server keeps its configuration outside its data directory, as Debian does): recover by hand as docs/operations.md, "Configuration outside the data directory", says`);
  }
  return { manifest, target };
}

/** The restored server's settings, appended to postgresql.auto.conf (which wins over postgresql.conf). */
function recoverySettings(options: PointInTimeOptions, targetText: string): string {
  return [
    '',
    `# ops restore --to (decision 085): recovery from ${options.walArchive}`,
    `restore_command = 'cp ${options.walArchive}/%f %p'`,
    `recovery_target_time = '${targetText}'`,
    // Open for writing at the target: the restored copy is the one the portal will use.
    `recovery_target_action = 'promote'`,
    `port = ${options.port}`,
    // Loopback only, and no archiving into the live server's archive: the operator decides when this
    // copy becomes the primary (docs/operations.md).
    `listen_addresses = '127.0.0.1'`,
    `archive_mode = off`,
    '',
  ].join('\n');
}

/** `select count(*)` of every table of the database: each must read, its rows are the restore's report. */
async function readEveryTable(tools: PostgresTools, url: string): Promise<Record<string, number>> {
  const names = await psqlRows(
    tools,
    url,
    `select format('%I.%I', schemaname, tablename) from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  if (names.length === 0) throw new OpsError('OPS_RESTORE_RECOVERY_FAILED', 'the restored database has no tables: not the portal database');
  const rows = await psqlRows(tools, url, names.map(([name]) => `select '${name!.replace(/'/g, "''")}', count(*) from ${name}`).join(' union all '));
  return Object.fromEntries(rows.map(([name, count]) => [name!, Number(count)]));
}

export async function restoreToTime(options: PointInTimeOptions): Promise<PointInTimeResult> {
  const { tools } = options;
  const dataDir = resolve(options.dataDir);
  const { manifest, target } = await check(options);
  const base = join(options.setDir, BASE_DIR);
  options.log?.(`${manifest.name}: checking the base backup against its manifest (pg_verifybackup)`);
  await runTool(tools, 'pg_verifybackup', ['--quiet', base]);

  const createdDataDir = !existsSync(dataDir);
  const logFile = join(dataDir, 'ops-restore.log');
  let unpacked: string | undefined;
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await cp(base, dataDir, { recursive: true });
    // PostgreSQL refuses a data directory others can read; the copy of the manifests is not the server's.
    await chmod(dataDir, 0o700);
    await rm(join(dataDir, 'backup_manifest'), { force: true });
    await appendFile(join(dataDir, 'postgresql.auto.conf'), recoverySettings(options, target.postgres));
    await writeFile(join(dataDir, 'recovery.signal'), '');
    unpacked = await unpackStoreBeside(options.setDir, options.storeDir);

    options.log?.(`recovering to ${target.text} on port ${options.port} (restore_command from ${options.walArchive})`);
    const source = new URL(manifest.database.source);
    const url = `postgres://${source.username ? `${source.username}@` : ''}127.0.0.1:${options.port}/${encodeURIComponent(manifest.database.name)}`;
    try {
      await startServer(tools, dataDir, logFile);
    } catch {
      throw await recoveryFailure(logFile, target.text);
    }
    await waitForRecoveryEnd(tools, url, dataDir, logFile, target.text);
    const tables = await readEveryTable(tools, url);
    options.log?.(`recovered: ${Object.keys(tables).length} tables of ${manifest.database.name} read`);

    if (existsSync(options.storeDir)) await rm(options.storeDir, { recursive: true }); // empty, checked above
    await rename(unpacked, options.storeDir);
    unpacked = undefined;
    return { manifest, to: target.text, dataDir, databaseUrl: url, storeDir: options.storeDir, tables };
  } catch (error) {
    // Nothing half-done: the server stopped, the data directory emptied (removed when this made it).
    await stopServer(tools, dataDir, 'immediate').catch(() => undefined);
    if (createdDataDir) await rm(dataDir, { recursive: true, force: true });
    else for (const entry of await readdir(dataDir).catch(() => [])) await rm(join(dataDir, entry), { recursive: true, force: true });
    throw error;
  } finally {
    if (unpacked) await rm(unpacked, { recursive: true, force: true });
  }
}
