// Vitest global setup: migrates and seeds ONE database per run, the template every test app with the
// demo data starts from (see test-app.ts). Per test file this saved the empty database's creation
// (PGlite's initdb), the migrations and the seed: most of each file's start-up (BENCHMARKS.md, "Test
// suite wall time"). The app still runs its migrate and seed code on the copy and finds them done.
// PGlite: a data folder, copied per file. PostgreSQL: a database `portal_test_template_<random>`,
// closed to connections (CREATE DATABASE ... TEMPLATE needs none open on it) and dropped afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations } from '../db/client';
import { seedDemoData } from '../seed/demo';
import { loadEnv } from '../env';
import { INVOICE_RENDERER } from '../modules/invoices/invoices.plugin';
import { budgets } from '../modules/budgets/budgets.port';
import { seedDemoInvoices } from '../modules/invoices/demo-invoices';
import { invoiceDocuments } from '../modules/invoices/invoice-documents';
import { createDeliveredHistory } from '../modules/invoice-delivery/invoice-delivery.port';
import { recordOrderHistory } from '../modules/orders/order-events';
import { integrationEventsPort } from '../modules/integration-events/outbox';

/** Where the run's template is: a PGlite data folder, or a database on DATABASE_URL's server. */
export type TemplateDatabase = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Migrates and seeds a database the way the app does on its first start. */
async function fill(env: { databaseUrl: string | undefined; pgliteDataDir: string }): Promise<void> {
  const database = await openDatabase({ ...env, databasePoolMax: 1 });
  try {
    await runMigrations(database, env);
    // The demo's invoices as the app seeds them.
    const { seller } = loadEnv({ NODE_ENV: 'test' });
    const invoices = seedDemoInvoices({
      renderer: INVOICE_RENDERER,
      seller,
      costCentreOf: budgets.ofOrder,
      delivery: createDeliveredHistory({ documents: invoiceDocuments }),
    });
    if (!(await seedDemoData(database.db, { invoices, sellerCountry: seller.address.country, orderEvents: (tx, id) => recordOrderHistory(tx, integrationEventsPort, id) }))) throw new Error('the template database was not empty');
    // Without it every copy starts with the seed's pages unvisited (no hint bits, no visibility map):
    // on PGlite the same queries then ran 5 to 25 times slower in each file than on the database
    // seeded in place. A running installation has had autovacuum do the same.
    await database.db.execute(sql`vacuum`);
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const folder = mkdtempSync(join(tmpdir(), 'portal-api-template-'));
    const dataDir = join(folder, 'pglite');
    try {
      await fill({ databaseUrl: undefined, pgliteDataDir: dataDir });
    } catch (err) {
      rmSync(folder, { recursive: true, force: true });
      throw err;
    }
    project.provide('templateDatabase', { kind: 'pglite', dataDir });
    return async () => rmSync(folder, { recursive: true, force: true });
  }
  const database = `portal_test_template_${randomBytes(6).toString('hex')}`;
  const drop = () => admin(serverUrl, (client) => client.query(`drop database if exists ${database} with (force)`));
  try {
    await admin(serverUrl, (client) => client.query(`create database ${database}`));
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    await fill({ databaseUrl: url.toString(), pgliteDataDir: '' });
    // No connection may open on it while test files copy it (not even by mistake).
    await admin(serverUrl, (client) => client.query(`alter database ${database} with allow_connections false`));
  } catch (err) {
    await drop();
    throw err;
  }
  project.provide('templateDatabase', { kind: 'postgres', database });
  return async () => void (await drop());
}
