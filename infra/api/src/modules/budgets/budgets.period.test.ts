// A budget period turns at midnight in Brussels, not in UTC nor in the server's zone: the moments
// either side of each boundary, in winter time (UTC+1) and in summer time (UTC+2), and on the days
// the clocks change. PGlite by default; DATABASE_URL's server when set (both must carry the zone data).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { rawRows } from '../../test-support/demo-buyers';
import { periodStartSql } from './budgets.period';

const scratch = mkdtempSync(join(tmpdir(), 'portal-budget-period-'));
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDataDir: join(scratch, 'pglite'), databasePoolMax: 1 });
});
afterAll(async () => {
  await database?.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function periodStart(period: 'month' | 'quarter' | 'year', at: string): Promise<string> {
  // The session's zone must not matter: the rule names Brussels itself.
  const [row] = await rawRows<{ start: string }>(database.db, sql`select ${periodStartSql(sql`${period}`, sql`${at}::timestamptz`)}::text as start`);
  return row!.start;
}

describe('the budget period in Europe/Brussels', () => {
  it.each([
    // Summer time (UTC+2): 1 April begins at 22:00 UTC on 31 March.
    ['month', '2027-03-31T21:59:59Z', '2027-03-01'],
    ['month', '2027-03-31T22:00:00Z', '2027-04-01'],
    ['month', '2027-03-31T22:30:00Z', '2027-04-01'],
    // Winter time (UTC+1): 1 January begins at 23:00 UTC on 31 December; month, quarter and year all turn.
    ['month', '2026-12-31T22:59:59Z', '2026-12-01'],
    ['month', '2026-12-31T23:00:00Z', '2027-01-01'],
    ['quarter', '2026-12-31T22:59:59Z', '2026-10-01'],
    ['quarter', '2026-12-31T23:00:00Z', '2027-01-01'],
    ['year', '2026-12-31T22:59:59Z', '2026-01-01'],
    ['year', '2026-12-31T23:00:00Z', '2027-01-01'],
    // A quarter in summer time: 1 July begins at 22:00 UTC on 30 June.
    ['quarter', '2027-06-30T21:59:59Z', '2027-04-01'],
    ['quarter', '2027-06-30T22:00:00Z', '2027-07-01'],
    // The clocks change on the last Sunday of March (28 March 2027) and of October (31 October 2027):
    // the day's own hours stay in their month, the next midnight is at the new offset.
    ['month', '2027-03-28T01:30:00Z', '2027-03-01'],
    ['month', '2027-10-31T22:59:59Z', '2027-10-01'],
    ['month', '2027-10-31T23:00:00Z', '2027-11-01'],
  ] as const)('%s holding %s starts on %s', async (period, at, start) => {
    expect(await periodStart(period, at)).toBe(start);
  });

  it('does not follow the session time zone', async () => {
    await database.db.execute(sql`set time zone 'America/New_York'`);
    try {
      expect(await periodStart('month', '2027-03-31T22:30:00Z')).toBe('2027-04-01');
    } finally {
      await database.db.execute(sql`set time zone 'UTC'`);
    }
  });
});
