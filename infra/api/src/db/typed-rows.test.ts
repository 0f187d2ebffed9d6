// Hand-written SQL's rows, typed from the table definitions, on the real driver (PGlite, and
// PostgreSQL in the second pass): the mapping Drizzle applies to its own selects, and the checks that
// make a renamed, retyped or forgotten column fail a test instead of passing tsc.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { products } from '../modules/catalog/tables';
import { checkRowShapes, nullable, RowShapeError, rowShape, toRows, typedRows } from './typed-rows';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const productRow = rowShape({ id: products.id, stock_level: products.stockLevel, created_at: products.createdAt, in_stock: v.boolean() });

describe('typedRows', () => {
  it('maps raw values as Drizzle maps its own selects: a timestamp is a Date, an integer a number', async () => {
    const [row] = await typedRows(
      t.app.database.db,
      productRow,
      sql`select id, stock_level, created_at, stock_level > 0 as in_stock from products order by article_code limit 1`,
    );
    expect(typeof row!.id).toBe('string');
    expect(typeof row!.stock_level).toBe('number');
    expect(row!.created_at).toBeInstanceOf(Date);
    expect(row!.in_stock).toBe(row!.stock_level > 0);
    // The same row through Drizzle's query builder: the same values and types.
    const [built] = await t.app.database.db.select({ createdAt: products.createdAt }).from(products).where(sql`${products.id} = ${row!.id}`);
    expect(row!.created_at.getTime()).toBe(built!.createdAt.getTime());
  });

  it('fails naming the field when the SQL selects a column the shape does not name (a stale query)', async () => {
    const query = sql`select id, stock_level, created_at, true as in_stock, article_code from products limit 1`;
    await expect(typedRows(t.app.database.db, productRow, query)).rejects.toThrow(/"article_code": selected but not in the row shape/);
  });

  it('maps a computed timestamp checked as a Date (v.date()) to a Date too, as the drivers hand timestamps over as strings (issue 44)', async () => {
    const shape = { at: v.date(), maybe: v.nullable(v.date()), none: v.nullable(v.date()) };
    const query = sql`select now() as at, now() - interval '1 hour' as maybe, null::timestamptz as none`;
    const [row] = await typedRows(t.app.database.db, shape, query);
    expect(row!.at).toBeInstanceOf(Date);
    expect(Math.abs(row!.at.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    expect(row!.at.getTime() - row!.maybe!.getTime()).toBe(3_600_000);
    expect(row!.none).toBeNull();
    // The same when the checks are off (production): a Date, never the driver's string.
    checkRowShapes(false);
    try {
      const [unchecked] = await typedRows(t.app.database.db, shape, query);
      expect(unchecked!.at).toBeInstanceOf(Date);
    } finally {
      checkRowShapes(true);
    }
  });

  it('fails when a field of the shape is missing from the row (a column renamed in the SQL)', async () => {
    const query = sql`select id, stock_level as stock, created_at, true as in_stock from products limit 1`;
    await expect(typedRows(t.app.database.db, productRow, query)).rejects.toThrow(RowShapeError);
  });

  it('fails when a value is not of the column type, and when a not-null column is null', () => {
    expect(() => toRows(productRow, [{ id: 'x', stock_level: 'many', created_at: '2026-11-27 07:00:00+00', in_stock: true }])).toThrow(
      /"stock_level": expected number/,
    );
    expect(() => toRows(productRow, [{ id: 'x', stock_level: null, created_at: '2026-11-27 07:00:00+00', in_stock: true }])).toThrow(
      /"stock_level": null in the not-null column stock_level/,
    );
    expect(() => toRows(productRow, [{ id: 'x', stock_level: 1, created_at: '2026-11-27 07:00:00+00', in_stock: 'yes' }])).toThrow(/"in_stock"/);
  });

  it('lets an outer join make a not-null column nullable, by saying so', () => {
    const joined = rowShape({ id: products.id, stock_level: nullable(products.stockLevel) });
    expect(toRows(joined, [{ id: 'x', stock_level: null }])).toEqual([{ id: 'x', stock_level: null }]);
  });

  it('only maps when the checks are off (production)', () => {
    checkRowShapes(false);
    try {
      expect(toRows(productRow, [{ id: 'x', stock_level: '3', created_at: '2026-11-27 07:00:00+00', in_stock: true, extra: 1 }])[0]).toMatchObject({
        stock_level: 3,
      });
    } finally {
      checkRowShapes(true);
    }
  });
});
