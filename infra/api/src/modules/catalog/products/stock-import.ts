// Stock levels the warehouse sends (issue 29, decision 049), written by the catalogue that owns them
// (decision 039). An absolute level carries the sender's version and is only written over an older
// one (`products.stock_version`); a delta carries its own id, recorded in `stock_deltas` in the same
// statement, so a delta sent twice is applied once, in whatever order deltas and levels arrive. A
// level never goes below 0. Each kind of line is one statement per batch.
import { sql } from 'drizzle-orm';
import { IMPORT_ERRORS, type StockRecord } from '@portal/shared/schemas';
import type { ImportOutcome } from '../../imports/contract';
import type { Tx } from '../../../db/client';
import { products, stockDeltas } from '../tables';
import { rowShape, typedRows } from '../../../db/typed-rows';
import { newestPerKey } from './newest-version';

type Line = { lineNo: number; record: StockRecord };
type LevelLine = { lineNo: number; record: Extract<StockRecord, { level: number }> };
type DeltaLine = { lineNo: number; record: Extract<StockRecord, { delta: number }> };

const codeRow = rowShape({ article_code: products.articleCode });
const deltaRow = rowShape({ delta_id: stockDeltas.deltaId });

async function levels(tx: Tx, lines: LevelLine[]): Promise<ImportOutcome[]> {
  if (!lines.length) return [];
  // The newest level per product (newest-version.ts); the others are as if replayed.
  const { newest } = newestPerKey(lines, (l) => l.record.article_code);
  const kept = new Set(newest);
  const rows = newest
    .map(({ record: r }) => ({ article_code: r.article_code, level: r.level, version: r.version, has_restock: r.restock_date !== undefined, restock_date: r.restock_date ?? null }))
    .sort((a, b) => (a.article_code < b.article_code ? -1 : 1));
  const written = new Set(
    (
      await typedRows(
        tx,
        codeRow,
        sql`update products p set stock_level = x.level, stock_version = x.version,
                   restock_date = case when x.has_restock then x.restock_date else p.restock_date end, updated_at = now()
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(article_code text, level int, version bigint, has_restock boolean, restock_date date)
            where p.article_code = x.article_code and (p.stock_version is null or p.stock_version < x.version)
            returning p.article_code`,
      )
    ).map((r) => r.article_code),
  );
  return lines.map((l) => (kept.has(l) && written.has(l.record.article_code) ? { lineNo: l.lineNo, result: 'applied' } : { lineNo: l.lineNo, result: 'unchanged' }));
}

async function deltas(tx: Tx, lines: DeltaLine[]): Promise<ImportOutcome[]> {
  if (!lines.length) return [];
  const rows = lines.map(({ record: r }) => ({ delta_id: r.delta_id, article_code: r.article_code, delta: r.delta }));
  // The deltas not seen before are recorded and summed per product in one statement.
  const fresh = await typedRows(
    tx,
    deltaRow,
    sql`with x as (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(delta_id text, article_code text, delta int)),
        fresh as (
          insert into stock_deltas (delta_id, product_id, delta)
          select x.delta_id, p.id, x.delta from x join products p on p.article_code = x.article_code order by x.delta_id
          on conflict (delta_id) do nothing
          returning delta_id, product_id, delta
        ),
        moved as (
          update products p set stock_level = greatest(p.stock_level + f.delta, 0), updated_at = now()
          from (select product_id, sum(delta)::int as delta from fresh group by product_id) f
          where p.id = f.product_id
          returning p.id
        )
        select delta_id from fresh`,
  );
  const applied = new Set(fresh.map((r) => r.delta_id));
  // A delta id twice in one batch: its first line applies it, the next is a replay.
  const answered = new Set<string>();
  return lines.map((l) => {
    const first = applied.has(l.record.delta_id) && !answered.has(l.record.delta_id);
    answered.add(l.record.delta_id);
    return { lineNo: l.lineNo, result: first ? 'applied' : 'unchanged' };
  });
}

export async function importStock(tx: Tx, lines: Line[]): Promise<ImportOutcome[]> {
  if (!lines.length) return [];
  const codes = [...new Set(lines.map((l) => l.record.article_code))];
  const known = new Set((await typedRows(tx, codeRow, sql`select article_code from products where article_code in ${codes}`)).map((r) => r.article_code));
  const unknown = lines.filter((l) => !known.has(l.record.article_code));
  const ok = lines.filter((l) => known.has(l.record.article_code));
  // Levels first, then deltas: a delta moves whatever level the batch leaves.
  return [
    ...unknown.map((l): ImportOutcome => ({ lineNo: l.lineNo, result: 'refused', code: IMPORT_ERRORS.UNKNOWN_PRODUCT, message: `No product with the article code ${l.record.article_code}` })),
    ...(await levels(tx, ok.filter((l): l is LevelLine => 'level' in l.record))),
    ...(await deltas(tx, ok.filter((l): l is DeltaLine => 'delta' in l.record))),
  ];
}
