// Contract prices the supplier's ERP sends (issue 29, decision 049): the catalogue owns
// `contract_prices` (decision 039). One statement per batch, a price written only for a higher
// version than the stored one; the contract is named by its number, the product by its article code.
import { sql } from 'drizzle-orm';
import { IMPORT_ERRORS, type ContractPriceRecord } from '@portal/shared/schemas';
import type { ImportOutcome } from '../../imports/contract';
import type { Tx } from '../../../db/client';
import { contracts } from '../links';
import { products } from '../tables';
import { rowShape, typedRows } from '../../../db/typed-rows';
import { newestPerKey } from './newest-version';

type Line = { lineNo: number; record: ContractPriceRecord };

const numberRow = rowShape({ number: contracts.number });
const codeRow = rowShape({ article_code: products.articleCode });
const writtenRow = rowShape({ number: contracts.number, article_code: products.articleCode });
const key = (r: ContractPriceRecord) => `${r.contract_number}\u0000${r.article_code}`;

export async function importContractPrices(tx: Tx, lines: Line[]): Promise<ImportOutcome[]> {
  if (!lines.length) return [];
  const numbers = [...new Set(lines.map((l) => l.record.contract_number))];
  const codes = [...new Set(lines.map((l) => l.record.article_code))];
  const knownContracts = new Set((await typedRows(tx, numberRow, sql`select number from contracts where number in ${numbers}`)).map((r) => r.number));
  const knownProducts = new Set((await typedRows(tx, codeRow, sql`select article_code from products where article_code in ${codes}`)).map((r) => r.article_code));
  const out: ImportOutcome[] = [];
  const known: Line[] = [];
  for (const line of lines) {
    const r = line.record;
    if (!knownContracts.has(r.contract_number)) out.push({ lineNo: line.lineNo, result: 'refused', code: IMPORT_ERRORS.UNKNOWN_CONTRACT, message: `No contract with the number ${r.contract_number}` });
    else if (!knownProducts.has(r.article_code)) out.push({ lineNo: line.lineNo, result: 'refused', code: IMPORT_ERRORS.UNKNOWN_PRODUCT, message: `No product with the article code ${r.article_code}` });
    else known.push(line);
  }
  const { newest, superseded } = newestPerKey(known, (l) => key(l.record));
  for (const lineNo of superseded) out.push({ lineNo, result: 'unchanged' });
  if (!newest.length) return out;
  const rows = newest.map(({ record: r }) => ({ contract_number: r.contract_number, article_code: r.article_code, price_cents: r.price_cents, version: r.version }));
  const written = await typedRows(
    tx,
    writtenRow,
    sql`with x as (
          select c.id as contract_id, p.id as product_id, x.price_cents, x.version
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(contract_number text, article_code text, price_cents int, version bigint)
          join contracts c on c.number = x.contract_number join products p on p.article_code = x.article_code
        ),
        w as (
          insert into contract_prices as cp (contract_id, product_id, price_cents, source_version)
          select contract_id, product_id, price_cents, version from x order by contract_id, product_id
          on conflict (contract_id, product_id) do update set price_cents = excluded.price_cents, source_version = excluded.source_version
          where cp.source_version is null or cp.source_version < excluded.source_version
          returning cp.contract_id, cp.product_id
        )
        select c.number, p.article_code from w join contracts c on c.id = w.contract_id join products p on p.id = w.product_id`,
  );
  const done = new Set(written.map((r) => `${r.number}\u0000${r.article_code}`));
  for (const line of newest) out.push({ lineNo: line.lineNo, result: done.has(key(line.record)) ? 'applied' : 'unchanged' });
  return out;
}
