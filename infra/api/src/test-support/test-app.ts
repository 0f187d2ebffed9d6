// Test helper: an app on a database of its own. PGlite in a temporary folder by default; with
// DATABASE_URL set, a new database `portal_test_<random>` on that server, dropped afterwards.
// An app with the demo data starts from a copy of the run's template, migrated and seeded once by
// global-setup.ts (a folder copy on PGlite, CREATE DATABASE ... TEMPLATE on PostgreSQL): its own
// migrate and seed steps still run and find the work done. Without the demo data (seedDemo: false),
// or with `fromEmpty`, it starts from an empty database and migrates (and seeds) it itself.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import type { Env } from '../env';

export const CLIENT = { client_id: 'portal-web', client_secret: 'test-client-secret' };

export interface TestApp {
  app: FastifyInstance;
  env: Partial<Env>;
  /** Closes the app and builds it again on the same database (restart). */
  restart(): Promise<FastifyInstance>;
  /** Closes the app and removes the database. */
  close(): Promise<void>;
}

/** The settings every test app starts with: a scratch folder, the demo data, the test client. */
export function testEnv(dataDir: string, databaseUrl: string | undefined): Partial<Env> {
  return {
    nodeEnv: 'test',
    logLevel: 'silent',
    dataDir,
    pgliteDataDir: join(dataDir, 'pglite'),
    databaseUrl,
    databasePoolMax: 4,
    seedDemo: true,
    // `npm start`'s demo integration client only where a test asks for it (integration-clients/demo-client.test.ts).
    demoIntegrationClient: false,
    // The demo punchout identities only where a test asks for them (modules/procurement/punchout).
    demoPunchout: false,
    oauthClientId: CLIENT.client_id,
    oauthClientSecret: CLIENT.client_secret,
    jwtSigningKey: new Uint8Array(randomBytes(32)),
    // Tests drive the outbox dispatcher themselves and do not wait for anti-enumeration floors or
    // growing delays (the auth tests turn those on where they test them).
    mailDispatchIntervalMs: 0,
    invoiceDeliveryIntervalMs: 0,
    orderResponseRetryIntervalMs: 0,
    webhookDispatchIntervalMs: 0,
    accountRetentionIntervalMs: 0,
    authFailureDelayMs: 0,
    authResponseFloorMs: 0,
  };
}

export async function startTestApp(
  overrides: Partial<Env> = {},
  /** Runs on the fresh instance before ready(), e.g. to register root routes like the gateway does. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>,
  {
    fromEmpty = false,
    ...build
  }: Pick<BuildAppOptions, 'onRoute' | 'invoiceRenderer' | 'spanExporter' | 'logger' | 'beaconVersions' | 'lotRecalls'> & {
    /** Migrate and seed an empty database at start instead of copying the template (tests of that path). */
    fromEmpty?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-api-test-'));
  const serverUrl = process.env.DATABASE_URL;
  const template = fromEmpty || overrides.seedDemo === false ? undefined : inject('templateDatabase');
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (serverUrl) {
    dbName = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}${template?.kind === 'postgres' ? ` template ${template.database}` : ''}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const env: Partial<Env> = { ...testEnv(dataDir, databaseUrl), ...overrides };
  if (!serverUrl && template?.kind === 'pglite') cpSync(template.dataDir, env.pgliteDataDir!, { recursive: true });
  let app = await buildApp({ env, logger: false, ...build });
  await beforeReady?.(app);
  await app.ready();
  return {
    get app() {
      return app;
    },
    env,
    async restart() {
      await app.close();
      app = await buildApp({ env, logger: false, invoiceRenderer: build.invoiceRenderer, lotRecalls: build.lotRecalls });
      await app.ready();
      return app;
    },
    async close() {
      try {
        await app.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        if (serverUrl && dbName) {
          const admin = new pg.Client({ connectionString: serverUrl });
          await admin.connect();
          await admin.query(`drop database if exists ${dbName} with (force)`);
          await admin.end();
        }
      }
    },
  };
}

/** Form-encodes a token request. */
export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };
