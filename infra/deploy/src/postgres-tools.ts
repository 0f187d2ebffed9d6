// PostgreSQL's own client programs (pg_dump, pg_restore, psql), run as child processes: the ops CLI
// carries no database driver (it is one small bundle, decision 022), and a dump made by pg_dump is
// one any PostgreSQL operator can read without the portal.
import { spawn } from 'node:child_process';
import { OpsError } from './errors';

/** Where Debian puts the client programs; `PG_BIN` (env) may name another folder. */
export interface PostgresTools {
  /** Folder of pg_dump, pg_restore and psql, or undefined to take them from PATH. */
  binDir: string | undefined;
}

const program = (tools: PostgresTools, name: string) => (tools.binDir ? `${tools.binDir}/${name}` : name);

/** The database URL without its password, for messages and the manifest. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

/** The database name of a `postgres://` URL. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
}

/** `--dbname=<url>` with a connect timeout unless the URL sets one: a server that does not answer is an error in seconds, not a hang. */
export function dbnameArg(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('connect_timeout')) parsed.searchParams.set('connect_timeout', '10');
  return `--dbname=${parsed.toString()}`;
}

/** Runs a client program; resolves with its stdout, or refuses with its stderr's last lines. */
export function runTool(tools: PostgresTools, name: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program(tools, name), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.once('error', (error) =>
      reject(new OpsError('OPS_BACKUP_FAILED', `${name} could not start (${error.message}): install PostgreSQL's client programs (Debian: postgresql-client) or set PG_BIN`)),
    );
    child.once('close', (code) => {
      if (code === 0) return resolve(Buffer.concat(out).toString('utf8'));
      const said = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-8).join('\n');
      reject(new OpsError('OPS_BACKUP_FAILED', `${name} failed (exit ${code}):\n${said}`));
    });
  });
}

/** One query through psql, unaligned and without headers: one string per row, columns split on `|`. */
export async function psqlRows(tools: PostgresTools, url: string, sql: string): Promise<string[][]> {
  const out = await runTool(tools, 'psql', ['--no-psqlrc', '--quiet', '--tuples-only', '--no-align', '--set=ON_ERROR_STOP=1', dbnameArg(url), '--command', sql]);
  return out
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('|'));
}

/** Tables, views, sequences and types outside PostgreSQL's own schemas: 0 for a database fresh from `create database`. */
export async function countUserObjects(tools: PostgresTools, url: string): Promise<number> {
  const [row] = await psqlRows(
    tools,
    url,
    `select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`,
  );
  return Number(row?.[0] ?? 0);
}

/** The server's version (`15.20`). */
export async function serverVersion(tools: PostgresTools, url: string): Promise<string> {
  const [row] = await psqlRows(tools, url, 'show server_version');
  return (row?.[0] ?? '').split(' ')[0]!;
}

/**
 * drizzle's record of the newest migration applied (`created_at` is the journal's `when`), or null
 * when the database was never migrated.
 */
export async function lastMigrationApplied(tools: PostgresTools, url: string): Promise<{ hash: string; createdAt: number } | null> {
  const [exists] = await psqlRows(tools, url, `select to_regclass('drizzle.__drizzle_migrations') is not null`);
  if (exists?.[0] !== 't') return null;
  const [row] = await psqlRows(tools, url, 'select hash, created_at from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1');
  return row ? { hash: row[0]!, createdAt: Number(row[1]) } : null;
}
