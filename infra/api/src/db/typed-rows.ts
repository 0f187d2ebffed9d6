// Rows of hand-written SQL, typed from the table definitions (decision 040).
//
// Where a query earns hand-written SQL (the hot paths: placement, the catalogue's facets), its
// result used to be cast to a hand-written type (`rows<{ stock_level: number }>`): a column renamed
// or retyped in `db/schema.ts` still compiled. A row shape names, for every selected field, the column
// it comes from (its TypeScript type is the column's, as Drizzle's own selects give it) or, for a
// computed value, a valibot schema. The raw values are mapped the way Drizzle maps its own selects
// (`mapFromDriverValue`: a timestamp string becomes a Date, a count's string a number), and outside
// production every row is checked against the shape: a missing or extra field, a null in a
// not-null column or a value of another type throws, naming the field.
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import type { Db, Tx } from './client';

/** A column whose value may be null in this query although the table says not null (an outer join). */
export interface Nullable<C extends AnyPgColumn> {
  readonly nullable: C;
}

type Field = AnyPgColumn | Nullable<AnyPgColumn> | v.GenericSchema;
export type RowShape = Readonly<Record<string, Field>>;

type ColumnValue<C extends AnyPgColumn> = C['_']['notNull'] extends true ? C['_']['data'] : C['_']['data'] | null;
type FieldValue<F> =
  F extends Nullable<infer C> ? C['_']['data'] | null : F extends AnyPgColumn ? ColumnValue<F> : F extends v.GenericSchema ? v.InferOutput<F> : never;

/** The row a shape describes. */
export type RowOf<S extends RowShape> = { -readonly [K in keyof S]: FieldValue<S[K]> };

/** Marks a column nullable in one query (a left join's side). */
export const nullable = <C extends AnyPgColumn>(column: C): Nullable<C> => ({ nullable: column });

/** Declares a row shape (an identity that keeps the literal field types). */
export const rowShape = <S extends RowShape>(shape: S): S => shape;

let checking = true;
/** The composition root turns the checks off in production (they cost a little per row). */
export function checkRowShapes(on: boolean): void {
  checking = on;
}

const isSchema = (field: Field): field is v.GenericSchema => typeof field === 'object' && field !== null && 'kind' in field && field.kind === 'schema';
const isNullable = (field: Field): field is Nullable<AnyPgColumn> => typeof field === 'object' && field !== null && 'nullable' in field;

/** What the column's data type looks like at run time, after mapping. */
function matchesType(column: AnyPgColumn, value: unknown): boolean {
  switch (column.dataType) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return value instanceof Date && !Number.isNaN(value.getTime());
    case 'bigint':
      return typeof value === 'bigint';
    case 'array':
      return Array.isArray(value);
    // json, custom and buffer columns: any non-undefined value is a value of theirs.
    default:
      return value !== undefined;
  }
}

/**
 * Whether a computed field's schema wants a Date (`v.date()`, also nullable, optional or piped). The
 * drivers hand hand-written SQL's timestamps over as strings (PGlite and node-postgres alike, as
 * Drizzle configures them), so such a value is mapped to a Date as a timestamp column's is; without
 * this a `v.date()` field failed every row (issue 44: the staff's Peppol order list answered 500).
 */
function wantsDate(schema: v.GenericSchema): boolean {
  const s = schema as v.GenericSchema & { wrapped?: v.GenericSchema; pipe?: readonly { kind: string; type: string }[] };
  if (s.type === 'date') return true;
  if (s.wrapped && (s.type === 'nullable' || s.type === 'optional' || s.type === 'nullish')) return wantsDate(s.wrapped);
  return s.pipe?.[0]?.type === 'date';
}

function mapField(name: string, field: Field, raw: unknown, check: boolean): unknown {
  if (isSchema(field)) {
    if (typeof raw === 'string' && wantsDate(field)) raw = new Date(raw);
    if (!check) return raw;
    const parsed = v.safeParse(field, raw);
    if (!parsed.success) throw new RowShapeError(name, `${v.summarize(parsed.issues)} (got ${JSON.stringify(raw)})`);
    return parsed.output;
  }
  const column = isNullable(field) ? field.nullable : field;
  const mayBeNull = isNullable(field) || !column.notNull;
  if (raw === null || raw === undefined) {
    if (check && (raw === undefined || !mayBeNull)) throw new RowShapeError(name, raw === undefined ? 'missing from the row' : `null in the not-null column ${column.name}`);
    return null;
  }
  const value = column.mapFromDriverValue(raw);
  if (check && !matchesType(column, value)) throw new RowShapeError(name, `expected ${column.dataType} for column ${column.name}, got ${JSON.stringify(raw)}`);
  return value;
}

export class RowShapeError extends Error {
  constructor(field: string, problem: string) {
    super(`row field "${field}": ${problem}`);
    this.name = 'RowShapeError';
  }
}

/** Maps and (outside production) checks raw rows against a shape. */
export function toRows<S extends RowShape>(shape: S, raw: readonly Record<string, unknown>[]): RowOf<S>[] {
  const fields = Object.entries(shape);
  const check = checking;
  return raw.map((row) => {
    if (check) {
      const extra = Object.keys(row).filter((key) => !(key in shape));
      if (extra.length) throw new RowShapeError(extra[0]!, 'selected but not in the row shape');
    }
    const out: Record<string, unknown> = {};
    for (const [name, field] of fields) out[name] = mapField(name, field, row[name], check);
    return out as RowOf<S>;
  });
}

/** The rows of a driver's answer to `execute` (node-postgres and PGlite both answer an object holding them). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) return result.rows;
  throw new Error('The database driver answered a statement without rows');
}

/** Runs hand-written SQL and answers its rows typed (and checked) by the shape. */
export async function typedRows<S extends RowShape>(db: Db | Tx, shape: S, query: SQL): Promise<RowOf<S>[]> {
  return toRows(shape, rowsOf(await db.execute(query)));
}
