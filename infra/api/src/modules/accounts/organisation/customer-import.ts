// Organisations the supplier's ERP sends (issue 29, decision 049), written by the accounts that own
// them (decision 039): one multi-row statement per batch, keyed by the customer number, written only
// for a higher version than the stored one. The case manager is named by e-mail and must be staff.
// Only a written organisation's addresses and invitations are applied, through the address book's
// and the users' ports, in the same transaction: a replay or an older version changes nothing.
import { sql } from 'drizzle-orm';
import { IMPORT_ERRORS, type CustomerRecord } from '@portal/shared/schemas';
import type { AddressImportPort, MemberInvitationPort } from '../contract';
import type { ImportOutcome } from '../../imports/contract';
import type { Tx } from '../../../db/client';
import { organisations, staff, users } from '../tables';
import { rowShape, typedRows } from '../../../db/typed-rows';

type Line = { lineNo: number; record: CustomerRecord };
export type CustomerPorts = { addresses: AddressImportPort; invitations: MemberInvitationPort };

const staffRow = rowShape({ email: users.email, user_id: staff.userId });
const writtenRow = rowShape({ id: organisations.id, customer_number: organisations.customerNumber, name: organisations.name });
const accountRow = rowShape({ email: users.email, customer_number: organisations.customerNumber });

/**
 * The customer numbers each invitee's address already belongs to ('' for an account outside every
 * organisation, as staff's): an invitee is refused unless they have no account or are a member of
 * the record's own organisation.
 */
async function accountsOf(tx: Tx, lines: Line[]): Promise<Map<string, Set<string>>> {
  const emails = [...new Set(lines.flatMap((l) => (l.record.users ?? []).map((u) => u.email.toLowerCase())))];
  const found = new Map<string, Set<string>>();
  if (!emails.length) return found;
  const rows = await typedRows(
    tx,
    accountRow,
    sql`select lower(u.email) as email, coalesce(o.customer_number, '') as customer_number
        from users u left join memberships m on m.user_id = u.id left join organisations o on o.id = m.organisation_id
        where lower(u.email) in ${emails}`,
  );
  for (const r of rows) found.set(r.email, (found.get(r.email) ?? new Set()).add(r.customer_number));
  return found;
}

/** Why a line's invitees cannot be invited into its organisation, or null; `claimed` holds new addresses earlier lines invite. */
function elsewhere(record: CustomerRecord, accounts: Map<string, Set<string>>, claimed: Map<string, string>): string | null {
  for (const u of record.users ?? []) {
    const email = u.email.toLowerCase();
    const of = accounts.get(email);
    if (of ? !of.has(record.customer_number) : (claimed.get(email) ?? record.customer_number) !== record.customer_number) {
      return `${u.email} has an account outside customer ${record.customer_number}`;
    }
  }
  for (const u of record.users ?? []) if (!accounts.has(u.email.toLowerCase())) claimed.set(u.email.toLowerCase(), record.customer_number);
  return null;
}

export const createCustomerImport =
  (ports: CustomerPorts) =>
  (tx: Tx, lines: Line[], sender: { clientName: string }): Promise<ImportOutcome[]> =>
    importCustomers(tx, lines, sender, ports);

async function importCustomers(tx: Tx, lines: Line[], sender: { clientName: string }, ports: CustomerPorts): Promise<ImportOutcome[]> {
  if (!lines.length) return [];
  const accounts = await accountsOf(tx, lines);
  const claimed = new Map<string, string>();
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
    const foreign = elsewhere(r, accounts, claimed);
    if (foreign) {
      out.push({ lineNo: line.lineNo, result: 'refused', code: IMPORT_ERRORS.USER_ELSEWHERE, message: foreign });
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
  const written = new Map(
    (
      await typedRows(
        tx,
        writtenRow,
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
            returning o.id, o.customer_number, o.name`,
      )
    ).map((r) => [r.customer_number, r]),
  );
  const applied = [...best.values()].flatMap(({ record }) => {
    const org = written.get(record.customer_number);
    return org ? [{ org, record }] : [];
  });
  await ports.addresses.replaceImported(
    tx,
    applied.flatMap(({ org, record }) => (record.addresses ? [{ organisationId: org.id, addresses: record.addresses }] : [])),
  );
  for (const { org, record } of applied) await ports.invitations.inviteNew(tx, { id: org.id, name: org.name }, record.users ?? [], sender);
  for (const line of best.values()) out.push({ lineNo: line.lineNo, result: written.has(line.record.customer_number) ? 'applied' : 'unchanged' });
  return out;
}
