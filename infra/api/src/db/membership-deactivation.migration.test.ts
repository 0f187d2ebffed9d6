// Migration 0010 upgrades a database in place (operators do): a database at 0009 holding users
// deactivated the old way (users.disabled_at) comes out with each of their memberships deactivated
// and the account flag cleared, while an account outside any organisation keeps its lock and an
// active member stays active. PGlite by default; a database of its own on DATABASE_URL's server.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, runMigrations, type Database } from './client';
import { rawRows as rows } from '../test-support/demo-buyers';

const scratch = mkdtempSync(join(tmpdir(), 'portal-migration-0010-'));
const serverUrl = process.env.DATABASE_URL;
const dbName = `portal_test_upgrade_${randomBytes(6).toString('hex')}`;
let database: Database;
let env: { databaseUrl: string | undefined; pgliteDataDir: string; databasePoolMax: number };

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The migrations folder as release 0009 shipped it: the journal without the newer entries. */
function releaseFolder(lastIdx: number): string {
  const folder = join(scratch, 'migrations');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= lastIdx) }));
  return folder;
}

beforeAll(async () => {
  let databaseUrl: string | undefined;
  if (serverUrl) {
    await admin(`create database ${dbName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  env = { databaseUrl, pgliteDataDir: join(scratch, 'pglite'), databasePoolMax: 1 };
  database = await openDatabase(env);
  await runMigrations(database, env, releaseFolder(9));
});
afterAll(async () => {
  await database?.close();
  rmSync(scratch, { recursive: true, force: true });
  if (serverUrl) await admin(`drop database if exists ${dbName} with (force)`);
});

it('moves the old account flag into every membership of the account, and keeps it for accounts outside any organisation', async () => {
  const db = database.db;
  const when = '2026-03-01T10:00:00.000Z';
  await db.execute(sql`
    insert into organisations (id, name, client_type, organisation_type, customer_number) values
      ('00000000-0000-4000-8000-00000000000a', 'Org A', 'B2B', 'medical', 'UPGRADE-A'),
      ('00000000-0000-4000-8000-00000000000b', 'Org B', 'B2G', 'tactical', 'UPGRADE-B')`);
  await db.execute(sql`
    insert into users (id, email, first_name, last_name, disabled_at) values
      ('00000000-0000-4000-8000-000000000001', 'locked.member@example.be', 'Locked', 'Member', ${when}),
      ('00000000-0000-4000-8000-000000000002', 'active.member@example.be', 'Active', 'Member', null),
      ('00000000-0000-4000-8000-000000000003', 'locked.staff@example.be', 'Locked', 'Staff', ${when})`);
  await db.execute(sql`
    insert into memberships (user_id, organisation_id, role) values
      ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000a', 'buyer'),
      ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000b', 'admin'),
      ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-00000000000a', 'admin')`);
  await db.execute(sql`insert into staff (user_id, role) values ('00000000-0000-4000-8000-000000000003', 'case_manager')`);

  await runMigrations(database, env);

  const members = await rows<{ email: string; organisation: string; role: string; deactivated_at: string | null }>(
    db,
    sql`select u.email, o.name as organisation, m.role::text as role, to_char(m.deactivated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as deactivated_at
        from memberships m join users u on u.id = m.user_id join organisations o on o.id = m.organisation_id order by u.email, o.name`,
  );
  expect(members).toEqual([
    { email: 'active.member@example.be', organisation: 'Org A', role: 'admin', deactivated_at: null },
    { email: 'locked.member@example.be', organisation: 'Org A', role: 'buyer', deactivated_at: '2026-03-01T10:00:00' },
    { email: 'locked.member@example.be', organisation: 'Org B', role: 'admin', deactivated_at: '2026-03-01T10:00:00' },
  ]);
  const accounts = await rows<{ email: string; locked: boolean }>(db, sql`select email, disabled_at is not null as locked from users order by email`);
  expect(accounts).toEqual([
    { email: 'active.member@example.be', locked: false },
    { email: 'locked.member@example.be', locked: false },
    { email: 'locked.staff@example.be', locked: true },
  ]);
  // Starting again finds nothing new to apply (the journal holds 0010 now).
  await runMigrations(database, env);
  expect((await rows<{ n: number }>(db, sql`select count(*)::int as n from memberships where deactivated_at is not null`))[0]!.n).toBe(2);
});
