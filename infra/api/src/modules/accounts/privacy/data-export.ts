// A person's copy of their data (issue 44, decision 063): the accounts' profile and every owner's
// records (modules/accounts/contract.ts PersonalDataPort), as JSON, or as CSV with one value a line.
import type { DataExport } from '@portal/shared/schemas';
import type { DataSubject, PersonalDataPort, PersonalRecords } from '../contract';
import type { Db } from '../../../db/client';
import { accountsPersonalData } from './accounts-personal-data';
import { csvField } from '../../../common/csv';

/** A stored value as the download shows it: dates in ISO 8601, the rest as stored. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

const plainRows = (rows: Record<string, unknown>[]) => rows.map((row) => plain(row) as Record<string, unknown>);

export async function exportPersonalData(db: Db, subject: DataSubject, owners: readonly PersonalDataPort[], now: Date): Promise<DataExport> {
  const { profile } = await accountsPersonalData.profileOf(db, subject);
  const parts: PersonalRecords[] = [await accountsPersonalData.exportOf(db, subject)];
  for (const owner of owners) parts.push(await owner.exportOf(db, subject));
  const sections: Record<string, Record<string, unknown>[]> = {};
  for (const part of parts) for (const [name, rows] of Object.entries(part)) sections[name] = [...(sections[name] ?? []), ...plainRows(rows)];
  return { exported_at: now.toISOString(), profile: plainRows(profile ?? [])[0] ?? {}, sections };
}

/** The export as CSV: `section,record,field,value`, one line per value (records numbered from 1 within their section). */
export function toCsv(data: DataExport): string {
  const lines = ['section,record,field,value', `export,1,exported_at,${csvField(data.exported_at)}`];
  for (const [field, value] of Object.entries(data.profile)) lines.push(`profile,1,${csvField(field)},${csvField(value)}`);
  for (const [section, rows] of Object.entries(data.sections)) {
    rows.forEach((row, i) => {
      for (const [field, value] of Object.entries(row)) lines.push(`${csvField(section)},${i + 1},${csvField(field)},${csvField(value)}`);
    });
  }
  return `${lines.join('\r\n')}\r\n`;
}
