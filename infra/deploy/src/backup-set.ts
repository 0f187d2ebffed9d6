// A backup set: one folder under the backup directory holding the database's dump, the deploy
// store's archive and manifest.json, written last. A folder with a valid manifest is a complete
// ("good") set: `ops backup` builds it under a hidden temporary name and renames it when done.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { OpsError } from './errors';

export const BACKUP_FORMAT = 'portal-backup/1';
export const MANIFEST_FILE = 'manifest.json';
/** pg_dump's custom format (`-Fc`): compressed, restored with pg_restore, table by table. */
export const DATABASE_FILE = 'database.dump';
/** The deploy store (published versions, registries with their canaries, deploy history) as a gzipped tar. */
export const STORE_FILE = 'store.tar.gz';
/** A base backup's folder (pg_basebackup, plain format): a data directory with PostgreSQL's backup_manifest. */
export const BASE_DIR = 'base';
/** pg_basebackup's own manifest inside BASE_DIR: pg_verifybackup checks every file against it. */
export const BASE_MANIFEST_FILE = `${BASE_DIR}/backup_manifest`;

/** A set's folder name: `20261207T081500Z-portal`, sortable by time and safe in a path. */
export const backupSetName = (startedAtIso: string, databaseName: string) =>
  `${startedAtIso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${databaseName.replace(/[^A-Za-z0-9_.-]/g, '_')}`;

const Sha256Schema = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));

export const BackupManifestSchema = v.object({
  format: v.literal(BACKUP_FORMAT),
  /**
   * `dump`: pg_dump of one database (decision 073); `base`: pg_basebackup of the whole server, for
   * point-in-time recovery with the WAL archive (decision 085). Sets written before 085 have no kind.
   */
  kind: v.optional(v.picklist(['dump', 'base']), 'dump'),
  /** The set's folder name: `<UTC time>-<database>`, so names sort by time. */
  name: v.pipe(v.string(), v.regex(/^[0-9]{8}T[0-9]{6}Z-[A-Za-z0-9_.-]+$/)),
  startedAt: v.pipe(v.string(), v.isoTimestamp()),
  /** When the set was complete: what "the last good backup" is measured by. */
  finishedAt: v.pipe(v.string(), v.isoTimestamp()),
  database: v.object({
    name: v.string(),
    /** The URL without its password. */
    source: v.string(),
    serverVersion: v.string(),
    /** The newest migration applied when the dump began: its journal tag when this code knows it. */
    lastMigration: v.nullable(v.object({ tag: v.nullable(v.string()), hash: v.string(), createdAt: v.number() })),
  }),
  /** A base backup's recovery facts (kind `base` only). */
  base: v.optional(
    v.object({
      /**
       * The server's clock when pg_basebackup had finished: the earliest time the set recovers to
       * (before it, the copied files are not yet consistent). Commit times are the server's clock too.
       */
      recoverableFrom: v.pipe(v.string(), v.isoTimestamp()),
      /** The server's archive_command when the set was taken: where the WAL after it went. */
      archiveCommand: v.string(),
      timeline: v.number(),
    }),
  ),
  /** The code that made the set: the API package's version, and the git commit when there is one. */
  portalVersion: v.string(),
  store: v.object({
    location: v.string(),
    /** Per environment, each app's live version and canary as the registry said when archived. */
    live: v.record(v.string(), v.record(v.string(), v.object({ version: v.string(), canary: v.nullable(v.object({ version: v.string(), percent: v.number() })) }))),
  }),
  files: v.array(v.object({ path: v.string(), bytes: v.number(), sha256: Sha256Schema })),
});
export type BackupManifest = v.InferOutput<typeof BackupManifestSchema>;

/** sha256 (hex) of a file, streamed: a dump may be larger than memory. */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The entry of `path` (inside `dir`) for the manifest. */
export async function describeFile(dir: string, path: string): Promise<BackupManifest['files'][number]> {
  const full = join(dir, path);
  return { path, bytes: (await stat(full)).size, sha256: await sha256File(full) };
}

/** The manifest of a set folder, validated; refuses a folder that is not a complete set. */
export async function readManifest(setDir: string): Promise<BackupManifest> {
  const text = await readFile(join(setDir, MANIFEST_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new OpsError('OPS_BACKUP_INVALID', `${setDir} has no ${MANIFEST_FILE}: not a complete backup set`);
    throw error;
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const result = v.safeParse(BackupManifestSchema, json);
  if (!result.success) throw new OpsError('OPS_BACKUP_INVALID', `${join(setDir, MANIFEST_FILE)} is not a backup manifest: ${v.summarize(result.issues)}`);
  return result.output;
}

/** Checks every file of the set against its manifest entry (size, then sha256); lists what differs. */
export async function verifySet(setDir: string, manifest: BackupManifest): Promise<void> {
  const problems: string[] = [];
  for (const file of manifest.files) {
    const full = join(setDir, file.path);
    const size = await stat(full).then((s) => s.size, () => undefined);
    if (size === undefined) problems.push(`${file.path} is missing`);
    else if (size !== file.bytes) problems.push(`${file.path} has ${size} bytes, the manifest says ${file.bytes}`);
    else if ((await sha256File(full)) !== file.sha256) problems.push(`${file.path} does not match its sha-256`);
  }
  if (problems.length) throw new OpsError('OPS_BACKUP_INVALID', `${setDir} is damaged, nothing was restored:\n  ${problems.join('\n  ')}`);
}

/** The complete sets in `backupDir`, newest first (a folder without a valid manifest is left out). */
export async function listBackupSets(backupDir: string): Promise<{ dir: string; manifest: BackupManifest }[]> {
  const entries = await readdir(backupDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const sets: { dir: string; manifest: BackupManifest }[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dir = join(backupDir, entry.name);
    const manifest = await readManifest(dir).catch(() => undefined);
    if (manifest) sets.push({ dir, manifest });
  }
  return sets.sort((a, b) => b.manifest.finishedAt.localeCompare(a.manifest.finishedAt));
}

/** When the newest complete set in `backupDir` was finished, or null when there is none. */
export async function lastGoodBackup(backupDir: string): Promise<Date | null> {
  const [newest] = await listBackupSets(backupDir);
  return newest ? new Date(newest.manifest.finishedAt) : null;
}

/** Seconds since the last good backup (Infinity when there is none): what the freshness alert compares. */
export async function lastGoodBackupAge(backupDir: string, now = new Date()): Promise<number> {
  const last = await lastGoodBackup(backupDir);
  return last ? (now.getTime() - last.getTime()) / 1000 : Infinity;
}
