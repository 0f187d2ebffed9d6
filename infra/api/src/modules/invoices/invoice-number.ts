// The gapless series (decision 047): one counter row per year, incremented inside the issuing
// transaction. The row stays locked until that transaction ends, so concurrent issues take their
// numbers one after the other, and a rollback gives the number back with everything else; a
// PostgreSQL sequence would not (nextval is never rolled back).
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Tx } from '../../db/client';
import { typedRows } from '../../db/typed-rows';
import { invoiceNumberOf } from './invoice-number-format';

/** Takes the next number of `year`'s series, in `tx` (the first of a year starts the series at 1). */
export async function takeInvoiceNumber(tx: Tx, year: number): Promise<string> {
  const [row] = await typedRows(
    tx,
    { last_number: v.number() },
    sql`insert into invoice_number_series (year, last_number) values (${year}, 1)
        on conflict (year) do update set last_number = invoice_number_series.last_number + 1
        returning last_number`,
  );
  return invoiceNumberOf(year, row!.last_number);
}
