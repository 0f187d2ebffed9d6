// A PostgreSQL cluster of the test's own (initdb in a temp dir, its own port), so that a test may
// stop and restart the database server without touching the machine's shared one. Trust auth on
// loopback only, fsync off: the data is thrown away at the end. Debian's binaries refuse to run as
// root, so as root every command runs as the `postgres` user, who owns the folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { onProcessExit } from './exit-hooks';

export const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/** The server's programs must be there: a test that needs its own PostgreSQL fails (never skips) without them. */
export function requireServerPrograms(names: readonly string[] = ['initdb', 'pg_ctl', 'postgres', 'pg_isready']): void {
  const missing = names.filter((name) => !existsSync(join(BIN, name)));
  if (missing.length) {
    throw new Error(`PostgreSQL's server programs ${missing.join(', ')} are missing from ${BIN}: install Debian's postgresql package (or set PG_BIN_DIR to their folder)`);
  }
}
/** Folders of this harness carry this prefix (a later run finds what an earlier one left behind). */
const DIR_PREFIX = 'portal-private-pg-';

export interface PrivatePostgres {
  port: number;
  /** Superuser URL of the `postgres` database. */
  adminUrl: string;
  /** URL of the database `name` (created by `createDatabase`). */
  urlOf(name: string): string;
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown: open connections are cut, as in an outage). */
  stop(): void;
  /** Starts it again on the same data, resolves when it accepts connections. */
  start(): void;
  isRunning(): boolean;
  /** Stops the server and removes its folder. */
  destroy(): void;
}

export function asPostgres(cmd: string, args: string[], opts: { allowFail?: boolean } = {}): string {
  const root = userInfo().uid === 0;
  const file = root ? 'runuser' : cmd;
  const argv = root ? ['-u', 'postgres', '--', cmd, ...args] : args;
  const res = spawnSync(file, argv, { encoding: 'utf8', cwd: tmpdir() });
  if (res.status !== 0 && !opts.allowFail) {
    throw new Error(`${cmd} ${args.join(' ')} failed (${res.status}): ${res.stderr || res.stdout}`);
  }
  return res.stdout;
}

export function postgresIds(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Stops and removes clusters an earlier run left on this port (a killed test run). */
function sweepLeftovers(port: number) {
  const res = spawnSync('sh', ['-c', `ls -d ${tmpdir()}/${DIR_PREFIX}${port}-* 2>/dev/null`], { encoding: 'utf8' });
  for (const dir of res.stdout.split('\n').filter(Boolean)) {
    if (existsSync(join(dir, 'data', 'postmaster.pid'))) asPostgres(join(BIN, 'pg_ctl'), ['stop', '-D', join(dir, 'data'), '-m', 'immediate', '-w'], { allowFail: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface PrivatePostgresOptions {
  /** postgresql.conf lines appended after the harness's own (later lines win), e.g. WAL archiving. */
  settings?: readonly string[];
}

export async function startPrivatePostgres(port: number, options: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
  requireServerPrograms();
  sweepLeftovers(port);
  const dir = mkdtempSync(join(tmpdir(), `${DIR_PREFIX}${port}-`));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const ids = postgresIds();
  if (ids) chownSync(dir, ids.uid, ids.gid);
  asPostgres(join(BIN, 'initdb'), ['-D', data, '-U', 'root', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  // Appended settings win over the defaults above them in postgresql.conf.
  const conf = [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${dir}'`,
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'max_connections = 100',
    'shared_buffers = 32MB',
    'log_min_messages = warning',
    ...(options.settings ?? []),
  ];
  const confFile = join(data, 'postgresql.conf');
  writeFileSync(confFile, `\n${conf.join('\n')}\n`, { flag: 'a' });
  if (ids) chownSync(confFile, ids.uid, ids.gid);

  const pgCtl = (args: string[], allowFail = false) => asPostgres(join(BIN, 'pg_ctl'), ['-D', data, ...args], { allowFail });
  const running = () => spawnSync(join(BIN, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).status === 0;
  let destroyed = false;
  const cleanup = () => {
    if (destroyed) return;
    destroyed = true;
    pgCtl(['stop', '-m', 'immediate', '-w'], true);
    rmSync(dir, { recursive: true, force: true });
  };
  const removeHook = onProcessExit(cleanup);

  const server: PrivatePostgres = {
    port,
    adminUrl: `postgres://root@127.0.0.1:${port}/postgres`,
    urlOf: (name) => `postgres://root@127.0.0.1:${port}/${name}`,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: server.adminUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return server.urlOf(name);
    },
    // -w: pg_ctl waits until the server accepts connections (or has stopped); -t gives a loaded machine room.
    start: () => void pgCtl(['start', '-w', '-t', '120', '-l', log]),
    stop: () => void pgCtl(['stop', '-m', 'fast', '-w', '-t', '120']),
    isRunning: running,
    destroy() {
      removeHook();
      cleanup();
    },
  };
  try {
    server.start();
  } catch (error) {
    server.destroy();
    throw error;
  }
  return server;
}
