// What every bench that starts the API on a database of its own shares: the database (PGlite in a
// data folder, or a named database on the server DATABASE_URL points at) and the API process's
// environment (production mode, a fresh client secret and signing key, no demo seed at start).
import { randomBytes } from 'node:crypto';

/**
 * With DATABASE_URL set, the URL of database `name` on that server, created when missing (`fresh`:
 * dropped first); without it, undefined (the bench runs on PGlite).
 */
export async function benchDatabaseUrl(name: string, { fresh }: { fresh: boolean }): Promise<string | undefined> {
  if (!process.env.DATABASE_URL) return undefined;
  const pg = (await import('pg')).default;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('--db-name must be a plain identifier');
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  if (fresh) await admin.query(`drop database if exists ${name} with (force)`);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The environment of the API process a bench starts, and the OAuth client secret it was given. */
export function benchApiEnv(opts: { dataDir: string; url: string | undefined; clientId: string; extra?: Record<string, string> }) {
  const secret = randomBytes(24).toString('base64url');
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    DATA_DIR: opts.dataDir,
    OAUTH_CLIENT_ID: opts.clientId,
    OAUTH_CLIENT_SECRET: secret,
    JWT_SIGNING_KEY: randomBytes(32).toString('base64'),
    SEED_DEMO: 'false',
    // A local bench: production otherwise refuses the development payment provider (decision 036).
    ALLOW_DEV_PAYMENTS_IN_PRODUCTION: 'true',
    TOKEN_FAILURE_LIMIT: '100000',
    ...opts.extra,
    ...(opts.url ? { DATABASE_URL: opts.url } : {}),
  };
  return { env, secret };
}
