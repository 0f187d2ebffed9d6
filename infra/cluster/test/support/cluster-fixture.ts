// Everything one test file runs against: a private PostgreSQL with a fresh database, a real SMTP
// server, a unique Redis key prefix, and the topology (nginx in front of two instances) sharing one
// OAuth client secret and one signing key. `stop()` undoes all of it, and the exit hooks do the same
// if the file never gets there.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { onProcessExit } from './exit-hooks';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { startTopology, type Topology } from './topology';

export const REDIS_URL = process.env.CLUSTER_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ClusterFixture {
  topology: Topology;
  postgres: PrivatePostgres;
  smtp: SmtpSink;
  clientSecret: string;
  redisPrefix: string;
  databaseUrl: string;
  /** A query on the test's database (its own connection, for checks behind the API's back). */
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export interface FixturePorts {
  /** The private PostgreSQL's port (55432–55439). */
  postgres: number;
  /** nginx's port; the instances take the next ones. */
  nginx: number;
}

export async function startClusterFixture(ports: FixturePorts, env: Record<string, string> = {}): Promise<ClusterFixture> {
  const workDir = mkdtempSync(join(tmpdir(), 'portal-cluster-test-'));
  const removeDirHook = onProcessExit(() => rmSync(workDir, { recursive: true, force: true }));
  const postgres = await startPrivatePostgres(ports.postgres);
  const smtp = await startSmtpSink(0);
  const databaseUrl = await postgres.createDatabase('portal');
  const clientSecret = randomBytes(24).toString('base64url');
  const redisPrefix = `portal-cluster-test:${randomBytes(6).toString('hex')}:`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // A pooled client errors when the server goes away (the restart test): that is expected there.
  pool.on('error', () => undefined);

  let topology: Topology;
  try {
    topology = await startTopology({
      instances: 2,
      port: ports.nginx,
      instancePorts: [ports.nginx + 1, ports.nginx + 2],
      databaseUrl,
      redisUrl: REDIS_URL,
      redisPrefix,
      workDir,
      env: {
        OAUTH_CLIENT_SECRET: clientSecret,
        JWT_SIGNING_KEY: randomBytes(32).toString('base64'),
        PAYMENT_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
        SEED_DEMO: 'true',
        SMTP_URL: smtp.url,
        LOG_LEVEL: 'warn',
        DATABASE_POOL_MAX: '5',
        // Work is picked up quickly, and what a dead instance held is given up quickly, so the
        // tests wait seconds for recovery, not the production minutes.
        MAIL_DISPATCH_INTERVAL_MS: '250',
        // 30 s: longer than a send (PDF and SMTP) takes on a loaded machine, or a second instance
        // would take over a message still being sent.
        MAIL_CLAIM_LEASE_SECONDS: '30',
        IDEMPOTENCY_LEASE_SECONDS: '10',
        PAYMENT_EXPIRY_INTERVAL_MS: '500',
        AUTH_FAILURE_DELAY_MS: '0',
        AUTH_RESPONSE_FLOOR_MS: '0',
        ...env,
      },
    });
  } catch (error) {
    await pool.end().catch(() => undefined);
    await smtp.close();
    postgres.destroy();
    rmSync(workDir, { recursive: true, force: true });
    removeDirHook();
    throw error;
  }

  return {
    topology,
    postgres,
    smtp,
    clientSecret,
    redisPrefix,
    databaseUrl,
    async sql<T>(text: string, values: unknown[] = []) {
      return (await pool.query(text, values)).rows as T[];
    },
    async stop() {
      try {
        await topology.stop();
      } finally {
        await pool.end().catch(() => undefined);
        await smtp.close();
        postgres.destroy();
        await dropRedisPrefix(redisPrefix).catch(() => undefined);
        rmSync(workDir, { recursive: true, force: true });
        removeDirHook();
      }
    },
  };
}

/** Removes the test's keys from the shared Redis (never FLUSHDB: others use it). */
async function dropRedisPrefix(prefix: string) {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
