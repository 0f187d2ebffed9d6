// Contracts the supplier's ERP sends (issue 29, decision 049), written by the accounts that own
// them (decision 039) through ContractImportPort: one multi-row statement per batch, a contract
// written only for a higher version than the stored one. The organisation is named by its customer
// number; the English name and conditions are the stored ones, Dutch and French their translations.
import { sql } from 'drizzle-orm';
import { IMPORT_ERRORS, type ContractRecord } from '@portal/shared/schemas';
import type { ContractImportPort } from '../contract';
import type { ImportOutcome } from '../../imports/contract';
import type { Tx } from '../../../db/client';
import { contracts, organisations } from '../tables';
import { rowShape, typedRows } from '../../../db/typed-rows';
import { createCustomerImport, type CustomerPorts } from './customer-import';

type Line = { lineNo: number; record: ContractRecord };

const customerRow = rowShape({ customer_number: organisations.customerNumber });
const numberRow = rowShape({ number: contracts.number });

const translations = (texts: { nl?: string | undefined; fr?: string | undefined }) =>
  Object.fromEntries(Object.entries({ nl: texts.nl, fr: texts.fr }).filter(([, t]) => t !== undefined && t !== ''));

async function importContracts(tx: Tx, lines: Line[]): Promise<ImportOutcome[]> {
  if (!lines.length) return [];
  const customers = [...new Set(lines.map((l) => l.record.customer_number))];
  const known = new Set((await typedRows(tx, customerRow, sql`select customer_number from organisations where customer_number in ${customers}`)).map((r) => r.customer_number));
  const out: ImportOutcome[] = [];
  const best = new Map<string, Line>();
  for (const line of lines) {
    const r = line.record;
    if (!known.has(r.customer_number)) out.push({ lineNo: line.lineNo, result: 'refused', code: IMPORT_ERRORS.UNKNOWN_CUSTOMER, message: `No organisation with the customer number ${r.customer_number}` });
    else if (r.ends_on !== null && r.ends_on < r.starts_on) out.push({ lineNo: line.lineNo, result: 'refused', code: IMPORT_ERRORS.CONTRACT_DATES, message: 'ends_on is before starts_on' });
    else {
      const seen = best.get(r.number);
      if (seen && seen.record.version > r.version) out.push({ lineNo: line.lineNo, result: 'unchanged' });
      else {
        if (seen) out.push({ lineNo: seen.lineNo, result: 'unchanged' });
        best.set(r.number, line);
      }
    }
  }
  if (!best.size) return out;
  const rows = [...best.values()]
    .map(({ record: r }) => ({
      number: r.number,
      customer_number: r.customer_number,
      version: r.version,
      name: r.name.en,
      name_translations: translations(r.name),
      status: r.status,
      starts_on: r.starts_on,
      ends_on: r.ends_on,
      payment_term_days: r.payment_term_days,
      conditions: r.conditions.en || null,
      conditions_translations: translations(r.conditions),
    }))
    .sort((a, b) => (a.number < b.number ? -1 : 1));
  const written = new Set(
    (
      await typedRows(
        tx,
        numberRow,
        sql`insert into contracts as c (organisation_id, number, name, name_translations, status, starts_on, ends_on, payment_term_days, conditions,
                                        conditions_translations, source_version)
            select o.id, x.number, x.name, x.name_translations, x.status::contract_status, x.starts_on, x.ends_on, x.payment_term_days, x.conditions,
                   x.conditions_translations, x.version
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(number text, customer_number text, version bigint, name text, name_translations jsonb,
                   status text, starts_on date, ends_on date, payment_term_days int, conditions text, conditions_translations jsonb)
            join organisations o on o.customer_number = x.customer_number
            on conflict (number) do update set
              organisation_id = excluded.organisation_id, name = excluded.name, name_translations = excluded.name_translations, status = excluded.status,
              starts_on = excluded.starts_on, ends_on = excluded.ends_on, payment_term_days = excluded.payment_term_days, conditions = excluded.conditions,
              conditions_translations = excluded.conditions_translations, source_version = excluded.source_version
            where c.source_version is null or c.source_version < excluded.source_version
            returning c.number`,
      )
    ).map((r) => r.number),
  );
  for (const line of best.values()) out.push({ lineNo: line.lineNo, result: written.has(line.record.number) ? 'applied' : 'unchanged' });
  return out;
}

/** The accounts' import port; the customers' addresses and invitations go through their owners' ports. */
export const createContractImport = (ports: CustomerPorts): ContractImportPort => ({ contracts: importContracts, customers: createCustomerImport(ports) });
