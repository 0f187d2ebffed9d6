// The recalls' guard on shipments (decision 074): the shipments service asks it, in the report's
// transaction, before it stores the lines. The GTIN's recall lock, taken shared here and alone by an
// opening recall, puts a report and an open of the same GTIN one after the other: a report that
// commits first is counted by the recall's query (run after its lock, in a statement of its own, so
// it sees that commit); a recall that commits first is found by the check below (also a statement
// after the lock). Reports of one GTIN do not wait for each other.
import { sql } from 'drizzle-orm';
import { RECALL_ERRORS, type FieldError } from '@portal/shared/schemas';
import { recallGtinSharedLock } from '../../common/locks';
import { AppError } from '../../errors';
import type { RecallGuardPort } from './contract';
import { coversSql } from './recalls.receivers';

export const recallGuard: RecallGuardPort = {
  async refuseRecalled(tx, lines) {
    const gtins = [...new Set(lines.flatMap((l) => (l.gtin ? [l.gtin] : [])))].sort();
    if (!gtins.length) return;
    // In one order, so two reports never wait for each other's locks crosswise.
    await tx.execute(sql`select ${sql.join(gtins.map(recallGtinSharedLock), sql`, `)}`);
    const checked = lines.flatMap((l, i) => (l.gtin ? [{ i, line: { ...l, gtin: l.gtin } }] : []));
    const result = await tx.execute(sql`select ${sql.join(
      checked.map(({ line }, k) => sql`exists (select 1 from recalls r where ${coversSql(line)}) as ${sql.raw(`c${k}`)}`),
      sql`, `,
    )}`);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
    const refused: FieldError[] = checked.filter((_, k) => row[`c${k}`] === true).map(({ i }) => ({ path: `lines.${i}.lot`, message: 'validation.invalid.value' }));
    if (refused.length) {
      throw new AppError(422, RECALL_ERRORS.LOT_RECALLED, 'The shipment names units under a recall (their GTIN with a recalled lot, serial number or expiry date): they may not be shipped', refused);
    }
  },
};
