// `ops restore <set>`: checks the set against its manifest, refuses to write over a database or a
// store that holds something (unless --force), then pg_restore into the target database and the
// store's archive into the store folder (decision 073). A base set is restored to a time by
// point-in-time.ts (decision 085).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { DATABASE_FILE, readManifest, STORE_FILE, verifySet, type BackupManifest } from './backup-set';
import { requirePostgres } from './backup';
import { nowIso, type OpsContext } from './context';
import { OpsError } from './errors';
import { countUserObjects, dbnameArg, describeDatabase, runTool, type PostgresTools } from './postgres-tools';

export interface RestoreOptions {
  /** The backup set's folder. */
  setDir: string;
  /** The database to restore into (created beforehand: `createdb portal_restored`). */
  databaseUrl: string | undefined;
  /** The deploy store folder to restore into. */
  storeDir: string;
  tools: PostgresTools;
  /** Restore over a database or store that is not empty (pg_restore --clean; the old store is moved aside). */
  force: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  database: string;
  storeDir: string;
  /** Where the store that was there went (with --force), or null. */
  previousStore: string | null;
}

/**
 * The set's store archive unpacked into a hidden folder beside `storeDir` (then renamed in): a store
 * that fails to unpack never replaces the one there. The caller removes it if it is not renamed.
 */
export async function unpackStoreBeside(setDir: string, storeDir: string): Promise<string> {
  const unpacked = join(dirname(storeDir), `.restoring-${basename(storeDir)}-${randomBytes(4).toString('hex')}`);
  await mkdir(unpacked, { recursive: true });
  try {
    await runTool({ binDir: undefined }, 'tar', ['--extract', '--gzip', `--file=${join(setDir, STORE_FILE)}`, `--directory=${unpacked}`]);
  } catch (error) {
    await rm(unpacked, { recursive: true, force: true });
    throw error;
  }
  return unpacked;
}

export async function isNonEmptyDir(dir: string): Promise<boolean> {
  return existsSync(dir) && (await readdir(dir)).length > 0;
}

export async function restoreBackup(ctx: OpsContext, options: RestoreOptions): Promise<RestoreResult> {
  const url = requirePostgres(options.databaseUrl, 'restore');
  const { tools } = options;
  // Everything is checked before anything is written: a refused restore changes nothing.
  const manifest = await readManifest(options.setDir);
  if (manifest.kind === 'base') {
    throw new OpsError('OPS_BAD_ARGUMENT', `${manifest.name} is a base backup (ops backup --base): restore it to a time with --to <ISO time> --data-dir <new folder> --port <n> (docs/operations.md); nothing was restored`);
  }
  await verifySet(options.setDir, manifest);
  ctx.log?.(`${manifest.name}: ${manifest.files.length} files match their sha-256`);
  const objects = await countUserObjects(tools, url);
  const storeHolds = await isNonEmptyDir(options.storeDir);
  if (!options.force && (objects > 0 || storeHolds)) {
    const what = [objects > 0 ? `the database ${describeDatabase(url)} holds ${objects} objects` : '', storeHolds ? `the store ${options.storeDir} is not empty` : '']
      .filter(Boolean)
      .join(' and ');
    throw new OpsError('OPS_RESTORE_TARGET_NOT_EMPTY', `${what}: restore into a fresh database (createdb) and store folder, or add --force to write over them; nothing was restored`);
  }

  const unpacked = await unpackStoreBeside(options.setDir, options.storeDir);
  try {

    ctx.log?.(`restoring the database into ${describeDatabase(url)} (pg_restore)`);
    // One transaction: a failed restore leaves the target as it was. No owners or grants: the target's
    // user owns what it restores, whatever role owned it on the old server.
    const clean = objects > 0 ? ['--clean', '--if-exists'] : [];
    await runTool(tools, 'pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...clean, dbnameArg(url), join(options.setDir, DATABASE_FILE)]);

    let previousStore: string | null = null;
    if (existsSync(options.storeDir)) {
      previousStore = `${options.storeDir}.before-restore-${nowIso(ctx).replace(/[-:.]/g, '')}`;
      await rename(options.storeDir, previousStore);
    }
    await rename(unpacked, options.storeDir);
    return { manifest, database: describeDatabase(url), storeDir: options.storeDir, previousStore };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}
