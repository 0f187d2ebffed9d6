// `ops backup --base`: the database server's files by pg_basebackup, for point-in-time recovery with
// the WAL archive (decision 085). The set's database part is a plain-format copy of the data
// directory (with the WAL it needs to be consistent, streamed during the copy) and PostgreSQL's own
// backup_manifest, which pg_verifybackup checks before the set counts as taken.
import { join } from 'node:path';
import { BASE_DIR } from './backup-set';
import { OpsError } from './errors';
import { dbnameArg, describeDatabase, psqlRows, runTool, type PostgresTools } from './postgres-tools';

export interface BaseBackupFacts {
  recoverableFrom: string;
  archiveCommand: string;
  timeline: number;
}

/**
 * Refuses a server whose WAL is not archived: a base backup alone recovers only to its own end, so
 * `--base` without an archive would promise a point in time it cannot give. Checked before writing.
 */
export async function requireWalArchiving(tools: PostgresTools, url: string): Promise<string> {
  const [row] = await psqlRows(tools, url, `select current_setting('archive_mode'), current_setting('archive_command'), current_setting('archive_library', true)`);
  const [mode, command, library] = row ?? [];
  if ((mode === 'on' || mode === 'always') && (command || library)) return command || `archive_library ${library}`;
  throw new OpsError(
    'OPS_BACKUP_NO_WAL_ARCHIVE',
    `${describeDatabase(url)} does not archive its WAL (archive_mode = ${mode ?? '?'}${command ? '' : ', no archive_command'}): ` +
      "a base backup without the archive cannot recover to a time. Set archive_mode = on and archive_command = 'test ! -f /srv/pg-wal-archive/%f && cp %p /srv/pg-wal-archive/%f', " +
      'restart PostgreSQL, then back up again (docs/operations.md, "Point-in-time recovery"); nothing was written',
  );
}

/** The server's clock now, as an ISO time in UTC with microseconds (commit times have that precision). */
async function serverNow(tools: PostgresTools, url: string): Promise<string> {
  const [row] = await psqlRows(tools, url, `select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);
  return row![0]!;
}

/** pg_basebackup into `<setDir>/base`, then pg_verifybackup against its manifest; answers the recovery facts. */
export async function takeBaseBackup(tools: PostgresTools, url: string, setDir: string, label: string, archiveCommand: string): Promise<BaseBackupFacts> {
  const target = join(setDir, BASE_DIR);
  // Plain format: pg_verifybackup (PostgreSQL 13 to 17) checks only plain backups, and a restore is a
  // copy. `--wal-method=stream`: the WAL from the backup's start to its end travels with it, so the
  // set is consistent even if the archive lost a segment of those minutes. SHA-256 per file.
  await runTool(tools, 'pg_basebackup', [
    `--pgdata=${target}`,
    '--format=plain',
    '--wal-method=stream',
    '--checkpoint=fast',
    '--manifest-checksums=SHA256',
    `--label=${label}`,
    '--no-password',
    dbnameArg(url),
  ]);
  // Read after pg_basebackup returned, so after the backup's end record: the first time a recovery can stop at.
  const recoverableFrom = await serverNow(tools, url);
  await runTool(tools, 'pg_verifybackup', ['--quiet', target]);
  const [timeline] = await psqlRows(tools, url, 'select timeline_id from pg_control_checkpoint()');
  return { recoverableFrom, archiveCommand, timeline: Number(timeline?.[0] ?? 1) };
}
