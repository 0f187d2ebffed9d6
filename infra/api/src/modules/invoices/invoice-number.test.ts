// Gapless numbering (decision 047) on PGlite: concurrent issues with deliberate rollbacks leave the
// year's series 1..k; a rolled-back number is given to the next issue; the format is YYYY-NNNNNN.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { takeInvoiceNumber } from './invoice-number';
import { formatInvoiceNumber } from './invoice-number-format';
import { gapless, issueConcurrently, numbersOf } from './invoice-number.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the invoice number series', () => {
  it('formats YYYY-NNNNNN', () => {
    expect(formatInvoiceNumber(2026, 42)).toBe('2026-000042');
    expect(formatInvoiceNumber(2027, 999_999)).toBe('2027-999999');
  });

  it('numbers concurrent issues 1..k without gap or duplicate when some roll back', async () => {
    const { committed } = await issueConcurrently(t.app, { count: 12, year: 2091, rollBack: (i) => i % 3 === 1 });
    const { numbers, last } = await numbersOf(t.app, 2091);
    expect(numbers).toEqual(gapless(2091, committed));
    expect(last).toBe(committed);
  });

  it('gives a rolled-back number to the next issue, and keeps one series per year', async () => {
    await expect(
      t.app.database.db.transaction(async (tx) => {
        expect(await takeInvoiceNumber(tx, 2093)).toBe('2093-000001');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.app.database.db.transaction((tx) => takeInvoiceNumber(tx, 2093))).toBe('2093-000001');
    expect(await t.app.database.db.transaction((tx) => takeInvoiceNumber(tx, 2094))).toBe('2094-000001');
    expect(await t.app.database.db.transaction((tx) => takeInvoiceNumber(tx, 2093))).toBe('2093-000002');
    const [row] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from invoice_number_series where year in (2093, 2094)`);
    expect(row!.n).toBe(2);
  });
});
