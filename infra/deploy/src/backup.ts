// `ops backup`: one set with the database (pg_dump, custom format; or with --base, the server's files
// by pg_basebackup for point-in-time recovery, decision 085) and the deploy store (a tar of the store
// folder), described by a manifest with each file's sha-256 (decision 073).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { takeBaseBackup, requireWalArchiving, type BaseBackupFacts } from './base-backup';
import { BACKUP_FORMAT, BASE_MANIFEST_FILE, backupSetName, DATABASE_FILE, describeFile, listBackupSets, MANIFEST_FILE, STORE_FILE, type BackupManifest } from './backup-set';
import { nowIso, type OpsContext } from './context';
import { OpsError } from './errors';
import { databaseName, dbnameArg, describeDatabase, lastMigrationApplied, runTool, serverVersion, type PostgresTools } from './postgres-tools';

export interface BackupOptions {
  /** The PostgreSQL database to dump; undefined: the portal runs on the embedded PGlite. */
  databaseUrl: string | undefined;
  /** The deploy store's folder (a DirectoryStore's location). */
  storeDir: string;
  /** Where sets go: one folder each. */
  backupDir: string;
  tools: PostgresTools;
  /** Keep this many newest sets and delete older ones after a good backup; undefined keeps all. */
  keep?: number | undefined;
  /** A base backup of the whole server (pg_basebackup) for point-in-time recovery, instead of pg_dump. */
  base?: boolean | undefined;
}

/** What `ops backup` answers: the set's folder and its manifest. */
export interface BackupResult {
  dir: string;
  manifest: BackupManifest;
  /** Sets deleted by `--keep`. */
  removed: string[];
}

/** Refuses the embedded PGlite: its files are one process's, and pg_dump cannot reach them (decision 073). */
export function requirePostgres(databaseUrl: string | undefined, command: string): string {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return databaseUrl;
  throw new OpsError(
    'OPS_BACKUP_NO_POSTGRES',
    `${command} works only on a PostgreSQL deployment: set DATABASE_URL (or --database-url) to its postgres:// URL. ` +
      'The embedded PGlite of `npm start` is for trying the portal; to keep its data, stop the server and copy .data/ (docs/operations.md).',
  );
}

const JournalSchema = v.object({ entries: v.array(v.object({ tag: v.string(), when: v.number() })) });

/** The migration journal of this code (infra/api), to name the database's last migration by its tag. */
async function migrationTag(repoRoot: string, createdAt: number): Promise<string | null> {
  const text = await readFile(join(repoRoot, 'infra/api/src/db/migrations/meta/_journal.json'), 'utf8').catch(() => undefined);
  const journal = text ? v.safeParse(JournalSchema, JSON.parse(text)) : undefined;
  return journal?.success ? (journal.output.entries.find((e) => e.when === createdAt)?.tag ?? null) : null;
}

/** The API package's version and, where the code is a git checkout, its commit. */
async function portalVersion(repoRoot: string): Promise<string> {
  const pkg = JSON.parse(await readFile(join(repoRoot, 'infra/api/package.json'), 'utf8')) as { version?: string };
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    commit = ''; // an unpacked release without .git: the version alone
  }
  return commit ? `${pkg.version ?? '0.0.0'}+${commit}` : (pkg.version ?? '0.0.0');
}

/** Each environment's live versions and canaries, as the manifest records them. */
async function liveVersions(ctx: OpsContext): Promise<BackupManifest['store']['live']> {
  const live: BackupManifest['store']['live'] = {};
  for (const environment of (await ctx.store.listEnvironments()).sort()) {
    const registry = await ctx.store.readRegistry(environment);
    if (!registry) continue;
    const apps: BackupManifest['store']['live'][string] = { shell: { version: registry.shell.version, canary: null } };
    for (const [name, remote] of Object.entries(registry.remotes)) {
      apps[name] = { version: remote.version, canary: remote.canary ? { version: remote.canary.version, percent: remote.canary.percent } : null };
    }
    live[environment] = apps;
  }
  return live;
}

/** Holds every environment's lock: no deploy lands between the registries and histories being archived. */
async function withAllLocks<T>(ctx: OpsContext, work: () => Promise<T>): Promise<T> {
  const environments = (await ctx.store.listEnvironments()).sort();
  const hold = (i: number): Promise<T> => (i === environments.length ? work() : ctx.store.withLock(environments[i]!, () => hold(i + 1)));
  return hold(0);
}

/** Takes a backup set; nothing is left behind but a complete set (or nothing) when it fails. */
export async function createBackup(ctx: OpsContext, options: BackupOptions): Promise<BackupResult> {
  const url = requirePostgres(options.databaseUrl, options.base ? 'backup --base' : 'backup');
  const { tools } = options;
  const kind = options.base ? 'base' : 'dump';
  // Before anything is written: a server that does not archive its WAL gets no base set.
  const archiveCommand = options.base ? await requireWalArchiving(tools, url) : '';
  const startedAt = nowIso(ctx);
  const dbName = databaseName(url);
  const name = backupSetName(startedAt, options.base ? `${dbName}-base` : dbName);
  const dir = join(options.backupDir, name);
  if (existsSync(dir)) throw new OpsError('OPS_BACKUP_FAILED', `${dir} exists already: one backup per second at most`);
  await mkdir(options.backupDir, { recursive: true });
  const temp = join(options.backupDir, `.tmp-${name}-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(temp);
  try {
    const migration = await lastMigrationApplied(tools, url);
    const version = await serverVersion(tools, url);
    let base: BaseBackupFacts | undefined;
    if (options.base) {
      ctx.log?.(`copying the server of ${describeDatabase(url)} (pg_basebackup, then pg_verifybackup)`);
      base = await takeBaseBackup(tools, url, temp, `portal ${name}`, archiveCommand);
    } else {
      ctx.log?.(`dumping ${describeDatabase(url)} (pg_dump, custom format)`);
      // One REPEATABLE READ snapshot: a consistent database even while orders are being placed.
      await runTool(tools, 'pg_dump', ['--format=custom', `--file=${join(temp, DATABASE_FILE)}`, dbnameArg(url)]);
      // The archive's table of contents must read back: a truncated or foreign file fails here, not at restore.
      await runTool(tools, 'pg_restore', ['--list', join(temp, DATABASE_FILE)]);
    }

    ctx.log?.(`archiving the deploy store ${options.storeDir}`);
    const live = await withAllLocks(ctx, async () => {
      const archive = join(temp, STORE_FILE);
      if (existsSync(options.storeDir)) {
        // Lock files and half-copied versions are never part of a store's state.
        await runTool({ binDir: undefined }, 'tar', ['--create', '--gzip', `--file=${archive}`, '--exclude=*.lock', '--exclude=.tmp-*', '--exclude=*.tmp', `--directory=${options.storeDir}`, '.']);
      } else {
        await runTool({ binDir: undefined }, 'tar', ['--create', '--gzip', `--file=${archive}`, '--files-from=/dev/null']);
      }
      return liveVersions(ctx);
    });

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      kind,
      name,
      startedAt,
      finishedAt: nowIso(ctx),
      database: {
        name: dbName,
        source: describeDatabase(url),
        serverVersion: version,
        lastMigration: migration ? { tag: await migrationTag(ctx.repoRoot, migration.createdAt), ...migration } : null,
      },
      ...(base ? { base } : {}),
      portalVersion: await portalVersion(ctx.repoRoot),
      store: { location: options.storeDir, live },
      // A base set lists PostgreSQL's manifest, which lists (with sums) every file of the copy.
      files: [await describeFile(temp, base ? BASE_MANIFEST_FILE : DATABASE_FILE), await describeFile(temp, STORE_FILE)],
    };
    await writeFile(join(temp, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // The set appears under its real name only when complete: a crash leaves a hidden .tmp- folder.
    await rename(temp, dir);
    const removed = options.keep === undefined ? [] : await prune(options.backupDir, options.keep, kind);
    return { dir, manifest, removed };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/**
 * Deletes complete sets of the same kind beyond the newest `keep`: a daily dump with --keep 14 never
 * deletes the weekly base backup the WAL archive recovers from, nor the other way round.
 */
async function prune(backupDir: string, keep: number, kind: BackupManifest['kind']): Promise<string[]> {
  const old = (await listBackupSets(backupDir)).filter((set) => set.manifest.kind === kind).slice(Math.max(keep, 1));
  for (const set of old) await rm(set.dir, { recursive: true, force: true });
  return old.map((set) => set.dir);
}
