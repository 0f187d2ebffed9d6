// Gapless numbering (decision 047) on PostgreSQL, where issues really run at once on several
// connections: they wait on the year's counter row, and a rollback gives its number back to the one
// waiting. PostgreSQL only (PGlite is one connection): run in the PostgreSQL pass.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { takeInvoiceNumber } from './invoice-number';
import { gapless, issueConcurrently, numbersOf } from './invoice-number.test-support';

let t: TestApp;
/** Lets the first transaction of the waiting test end, also when that test fails (the app can then close). */
let release = () => {};
beforeAll(async () => {
  t = await startTestApp({ databasePoolMax: 8 });
});
afterAll(async () => {
  release();
  await t?.close();
});

/** Waits until some backend waits on a lock (the second issue queued behind the first's counter row). */
async function someoneWaits(app: TestApp['app']) {
  for (;;) {
    // A row lock's wait is on the holder's transaction id (no database in pg_locks): the backends of this test's database.
    const [row] = await query<{ n: number }>(
      app,
      sql`select count(*)::int as n from pg_locks where not granted and pid in (select pid from pg_stat_activity where datname = current_database())`,
    );
    if (row!.n > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the invoice number series on PostgreSQL', () => {
  it('numbers 24 concurrent issues 1..k without gap or duplicate when a third roll back', async () => {
    const { committed } = await issueConcurrently(t.app, { count: 24, year: 2091, rollBack: (i) => i % 3 === 2 });
    const { numbers, last } = await numbersOf(t.app, 2091);
    expect(numbers).toEqual(gapless(2091, committed));
    expect(last).toBe(committed);
  });

  it('makes a second issue wait for the first, and gives it the number the first rolled back', async () => {
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken = (_number: string) => {};
    const firstNumber = new Promise<string>((resolve) => (taken = resolve));
    const first = t.app.database.db.transaction(async (tx) => {
      taken(await takeInvoiceNumber(tx, 2092));
      await held;
      throw new Error('rolled back');
    });
    // The second starts only once the first holds the row (two transactions started together may
    // reach the pool in either order: once the second came first and took number 1 itself), and
    // then queues behind it (a state, observed in pg_locks).
    expect(await firstNumber).toBe('2092-000001');
    const waiting = t.app.database.db.transaction((tx) => takeInvoiceNumber(tx, 2092));
    await someoneWaits(t.app);
    release();
    await expect(first).rejects.toThrow('rolled back');
    expect(await waiting).toBe('2092-000001');
  });
});

