// Organisations the supplier's ERP sends (issue 29, decision 049), written by the accounts that own
// them (decision 039): one multi-row statement per batch, keyed by the customer number, written only
// for a higher version than the stored one. The case manager is named by e-mail and must be staff.
import { sql } from 'drizzle-orm';
import { IMPORT_ERRORS, type CustomerRecord } from '@portal/shared/schemas';
import type { ImportOutcome } from '../../common/ports';
import type { Tx } from '../../db/client';
import { organisations, staff, users } from '../../db/schema/organisations';
import { rowShape, typedRows } from '../../db/typed-rows';

type Line = { lineNo: number; record: CustomerRecord };

const staffRow = rowShape({ email: users.email, user_id: staff.userId });
const numberRow = rowShape({ customer_number: organisations.customerNumber });

export async function importCustomers(tx: Tx, lines: Line[]): Promise<ImportOutcome[]> {
  if (!lines.length) return [];
  const emails = [...new Set(lines.flatMap((l) => (l.record.case_manager_email ? [l.record.case_manager_email.toLowerCase()] : [])))];
  const managers = new Map(
    emails.length ? (await typedRows(tx, staffRow, sql`select lower(u.email) as email, s.user_id from staff s join users u on u.id = s.user_id where lower(u.email) in ${emails}`)).map((r) => [r.email, r.user_id]) : [],
  );
  const out: ImportOutcome[] = [];
  const best = new Map<string, Line>();
  for (const line of lines) {
    const r = line.record;
    if (r.case_manager_email && !managers.has(r.case_manager_email.toLowerCase())) {
      out.push({ lineNo: line.lineNo, result: 'refused', code: IMPORT_ERRORS.UNKNOWN_CASE_MANAGER, message: `${r.case_manager_email} is not a member of the supplier's staff` });
      continue;
    }
    const seen = best.get(r.customer_number);
    if (seen && seen.record.version > r.version) out.push({ lineNo: line.lineNo, result: 'unchanged' });
    else {
      if (seen) out.push({ lineNo: seen.lineNo, result: 'unchanged' });
      best.set(r.customer_number, line);
    }
  }
  if (!best.size) return out;
  const rows = [...best.values()]
    .map(({ record: r }) => ({
      customer_number: r.customer_number,
      version: r.version,
      name: r.name,
      vat_number: r.vat_number,
      enterprise_number: r.enterprise_number,
      peppol_participant_id: r.peppol_participant_id,
      client_type: r.client_type,
      organisation_type: r.organisation_type,
      country: r.country,
      case_manager_id: r.case_manager_email ? managers.get(r.case_manager_email.toLowerCase()) : null,
    }))
    .sort((a, b) => (a.customer_number < b.customer_number ? -1 : 1));
  const written = new Set(
    (
      await typedRows(
        tx,
        numberRow,
        sql`insert into organisations as o (customer_number, name, vat_number, enterprise_number, peppol_participant_id, client_type, organisation_type, country,
                                            case_manager_id, source_version)
            select customer_number, name, vat_number, enterprise_number, peppol_participant_id, client_type::client_type, organisation_type::organisation_type,
                   country, case_manager_id, version
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(customer_number text, version bigint, name text, vat_number text, enterprise_number text,
                   peppol_participant_id text, client_type text, organisation_type text, country text, case_manager_id uuid)
            on conflict (customer_number) do update set
              name = excluded.name, vat_number = excluded.vat_number, enterprise_number = excluded.enterprise_number,
              peppol_participant_id = excluded.peppol_participant_id, client_type = excluded.client_type, organisation_type = excluded.organisation_type,
              country = excluded.country, case_manager_id = excluded.case_manager_id, source_version = excluded.source_version
            where o.source_version is null or o.source_version < excluded.source_version
            returning o.customer_number`,
      )
    ).map((r) => r.customer_number),
  );
  for (const line of best.values()) out.push({ lineNo: line.lineNo, result: written.has(line.record.customer_number) ? 'applied' : 'unchanged' });
  return out;
}
