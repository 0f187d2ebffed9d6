// Two API instances on one PostgreSQL database and one Redis, as behind a load balancer (decision
// 023). PostgreSQL is always used here (PGlite is one process by nature): DATABASE_URL, or the
// machine's server. A fresh database per call, dropped afterwards; a Redis key prefix of its own,
// whose keys are deleted afterwards (never FLUSHDB: the server is shared).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../app';
import type { Env } from '../env';
import { testEnv } from './test-app';

export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

/** A key prefix no other test run uses. */
export const uniquePrefix = (name: string) => `portal-test:${name}:${randomBytes(6).toString('hex')}:`;

/** Fails (never skips) when Redis is not reachable: the shared-store tests need it (CI has it). */
export async function requireRedis(url = TEST_REDIS_URL): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    client.disconnect();
    throw new Error(`Redis is required at ${url} for this test file: ${(err as Error).message}`);
  }
  return client;
}

/** Deletes the keys under a prefix (SCAN, never FLUSHDB). */
export async function deletePrefix(client: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await client.del(...keys);
  } while (cursor !== '0');
}

export interface TwinApps {
  a: FastifyInstance;
  b: FastifyInstance;
  env: Partial<Env>;
  redis: Redis;
  close(): Promise<void>;
}

export async function startTwinApps(overrides: Partial<Env> = {}): Promise<TwinApps> {
  const redis = await requireRedis();
  const prefix = uniquePrefix('twin');
  const dbName = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-api-twin-'));
  const env: Partial<Env> = {
    // One env for both apps, so one signing key: a token signed by one instance is accepted by the
    // other, as in production.
    ...testEnv(dataDir, url.toString()),
    paymentExpiryIntervalMs: 0,
    redisUrl: TEST_REDIS_URL,
    redisPrefix: prefix,
    ...overrides,
  };
  const apps: FastifyInstance[] = [];
  const close = async () => {
    await Promise.allSettled(apps.map((app) => app.close()));
    rmSync(dataDir, { recursive: true, force: true });
    const drop = new pg.Client({ connectionString: SERVER_URL });
    await drop.connect();
    await drop.query(`drop database if exists ${dbName} with (force)`);
    await drop.end();
    await deletePrefix(redis, prefix);
    redis.disconnect();
  };
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ env, logger: false });
      apps.push(app);
      await app.ready();
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { a: apps[0]!, b: apps[1]!, env, redis, close };
}
