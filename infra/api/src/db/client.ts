// Opens the database: embedded PGlite (data folder on disk) by default, PostgreSQL when
// DATABASE_URL is set. Same schema, same migrations, same queries.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { context } from '@opentelemetry/api';
import pg from 'pg';
import type { Env } from '../env';
import * as schema from './schema';

/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle (same query API as `Db`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Listens to `channel` (PostgreSQL LISTEN/NOTIFY, delivered after the notifying transaction
   * commits). `onState(false)` whenever the listening connection is lost (notifications may be missed
   * until `onState(true)`; it reconnects every second). Resolves once the first attempt is over, to
   * the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onState: (listening: boolean) => void): Promise<() => Promise<void>>;
  /**
   * Calls `listener` with the text of every notice (`RAISE NOTICE`) a statement of this instance's
   * pool receives, as it runs: before the statement's promise resolves. PGlite tells none (its
   * notifications are handled before the notifying query resolves: nothing to learn earlier).
   */
  onNotice(listener: (message: string) => void): void;
  /** The connections as the driver counts them (PostgreSQL's pool; PGlite is one connection and tells no more). */
  poolState(): { total: number; idle?: number; waiting?: number };
  close(): Promise<void>;
}

/**
 * Told of each statement the application runs (its SQL text, for its kind: never recorded as such);
 * answers the function to call when it ends. The metrics and the traces watch queries through it
 * (decision 071); the migrations' and the listener's own connections are not watched.
 */
export type QueryObserver = (text: string) => (failed: boolean) => void;

type Query = (...args: unknown[]) => unknown;

/** `query` of a pg client or PGlite, watched: promise and callback forms alike. */
function observed(query: Query, observe: QueryObserver): Query {
  return (...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const end = observe(typeof first === 'string' ? first : (first?.text ?? ''));
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, result: unknown) => {
        end(Boolean(err));
        (callback as (err: unknown, result: unknown) => void)(err, result);
      };
      return query(...args);
    }
    let result: unknown;
    try {
      result = query(...args);
    } catch (err) {
      end(true);
      throw err;
    }
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      return (result as Promise<unknown>).then(
        (value) => (end(false), value),
        (err: unknown) => {
          end(true);
          throw err;
        },
      );
    }
    end(false);
    return result;
  };
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant: serialises migrations of several API instances starting together. */
const MIGRATION_LOCK_ID = 4_210_003;

type Log = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

export async function openDatabase(env: Pick<Env, 'databaseUrl' | 'databasePoolMax' | 'pgliteDataDir'>, log?: Log, observe?: QueryObserver): Promise<Database> {
  if (env.databaseUrl) {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: env.databaseUrl, max: env.databasePoolMax });
    const noticeListeners: ((message: string) => void)[] = [];
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (err) => log?.error({ err }, 'postgres pool error'));
    // pg-pool hands a waiting caller the client another caller released from inside that release, so
    // its callback (its own `query` among them) ran in the releaser's async context: a statement's
    // span went to another request's trace, or to none. The callback runs in the asking caller's.
    // Without tracing `context` is OpenTelemetry's no-op one and `bind` returns the callback as is.
    const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
    pool.connect = ((callback?: (...args: unknown[]) => void) => connect(callback && context.bind(context.active(), callback))) as typeof pool.connect;
    // A client checked out of the pool has no listener of the pool's: when the server goes away
    // while it sits between two queries (in a transaction), its 'error' event would crash the
    // process. The query in flight still fails; the client is discarded when it is released.
    pool.on('connect', (client) => {
      client.on('error', (err) => log?.error({ err }, 'postgres connection lost'));
      client.on('notice', (notice) => noticeListeners.forEach((listener) => listener(notice.message ?? '')));
      // Every statement goes through a pooled client's query (the pool's own query included).
      if (observe) client.query = observed(client.query.bind(client) as Query, observe) as typeof client.query;
    });
    const db: Db = drizzle({ client: pool, schema });
    let closed: Promise<void> | undefined;
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      listen: (channel, onNotify, onState) => listenOnPostgres(env.databaseUrl!, channel, onNotify, onState, log),
      onNotice: (listener) => void noticeListeners.push(listener),
      poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => (closed ??= pool.end()),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  mkdirSync(env.pgliteDataDir, { recursive: true });
  // pg_trgm backs the catalogue's code search (migration 0001 creates the extension).
  const client = await PGlite.create(env.pgliteDataDir, { extensions: { pg_trgm } });
  if (observe) watchPglite(client, observe);
  const db: Db = drizzle({ client, schema });
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    // Embedded: the notification is handled before the notifying query's promise resolves.
    listen: async (channel, onNotify, onState) => {
      const stop = await client.listen(channel, (payload) => onNotify(payload));
      onState(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    onNotice: () => undefined,
    poolState: () => ({ total: client.closed ? 0 : 1 }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** PGlite's statements: its query and exec, and those of the handle its transactions get. */
function watchPglite(client: { query: unknown; exec: unknown; transaction: unknown }, observe: QueryObserver) {
  const watch = (target: { query: unknown; exec: unknown }) => {
    target.query = observed((target.query as Query).bind(target), observe);
    target.exec = observed((target.exec as Query).bind(target), observe);
  };
  watch(client);
  const transaction = (client.transaction as Query).bind(client);
  client.transaction = (callback: (tx: { query: unknown; exec: unknown }) => unknown) =>
    transaction((tx: { query: unknown; exec: unknown }) => {
      watch(tx);
      return callback(tx);
    });
}

/** A dedicated connection that LISTENs on `channel`, reconnecting every second while it is down. */
async function listenOnPostgres(url: string, channel: string, onNotify: (payload: string) => void, onState: (listening: boolean) => void, log?: Log) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name ${channel}`);
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (!stopped) retry = setTimeout(() => void connect(), 1000);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, application_name: `${channel}_listener` });
    client.on('notification', (message) => message.channel === channel && onNotify(message.payload ?? ''));
    client.on('error', (err) => log?.error({ err, channel }, 'postgres listener lost'));
    client.on('end', () => {
      if (current !== client) return;
      current = undefined;
      onState(false);
      again();
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
      if (stopped) return void (await client.end());
      current = client;
      onState(true);
      heartbeat(client);
    } catch (err) {
      log?.error({ err, channel }, 'postgres listener could not connect');
      client.end().catch(() => undefined);
      onState(false);
      again();
    }
  };
  // A connection that died without a word (a cut network) ends no socket for minutes: ask every 5 s
  // and give it up when no answer comes within 2 s, so that notifications are never missed unnoticed
  // for longer than that.
  let beat: NodeJS.Timeout | undefined;
  // Down at once (the socket of a dead connection may take long to close, and its 'end' with it).
  const giveUp = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    onState(false);
    again();
    void client.end().catch(() => undefined);
  };
  const heartbeat = (client: pg.Client) => {
    beat = setTimeout(() => {
      if (current !== client) return;
      const late = setTimeout(() => giveUp(client), 2000);
      client.query('select 1').then(
        () => {
          clearTimeout(late);
          heartbeat(client);
        },
        () => {
          clearTimeout(late);
          giveUp(client);
        },
      );
    }, 5000);
    beat.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(beat);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}

/**
 * Applies the versioned SQL migrations in src/db/migrations (drizzle's journal decides what is new).
 * `folder`: another journal, for the tests that upgrade a database from an older release.
 */
export async function runMigrations(database: Database, env: Pick<Env, 'databaseUrl'>, folder = MIGRATIONS_FOLDER): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: folder });
    return;
  }
  // One connection holds an advisory lock so that instances starting together migrate one by one.
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new pg.Client({ connectionString: env.databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client }), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
