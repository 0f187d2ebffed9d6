// Two instances starting at once on one fresh PostgreSQL database (decision 022): migrations and the
// demo seed are serialised by advisory locks, so both start, the schema is migrated once and the demo
// data exists once.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, demoAccounts } from '@portal/api';
import { createTestDatabase, type TestDatabase } from './test-database';

const SERVER = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/postgres';
let db: TestDatabase | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'cluster-concurrent-'));

afterAll(async () => {
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('two instances starting together on one fresh PostgreSQL database', () => {
  it('both start; migrations run once and the demo data is seeded once', async () => {
    db = await createTestDatabase(SERVER, 'cluster_concurrent');
    const env = {
      nodeEnv: 'test' as const,
      logLevel: 'silent' as const,
      databaseUrl: db.url,
      databasePoolMax: 4,
      dataDir,
      seedDemo: true,
      jwtSigningKey: new Uint8Array(randomBytes(32)),
      mailDispatchIntervalMs: 0,
      paymentExpiryIntervalMs: 0,
    };
    const apps = await Promise.all([buildApp({ env, logger: false }), buildApp({ env, logger: false })]);
    try {
      for (const app of apps) expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        const users = await client.query<{ n: string }>('select count(*) as n from users');
        expect(Number(users.rows[0]!.n)).toBe(demoAccounts().length);
        const applied = await client.query<{ n: string; distinct: string }>(
          'select count(*) as n, count(distinct hash) as distinct from drizzle.__drizzle_migrations',
        );
        expect(Number(applied.rows[0]!.n)).toBe(Number(applied.rows[0]!.distinct));
        expect(Number(applied.rows[0]!.n)).toBeGreaterThan(0);
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
