// One kind of record the supplier's systems send in (products, prices and contracts, stock,
// customers): how one line is checked and how a batch of checked lines is applied. The bulk import
// (NDJSON streamed into a job) and the single-record routes both go through a kind, so a record is
// accepted or refused the same way whichever door it came in by.
import type { GenericSchema } from 'valibot';
import type { IntegrationScope } from '@portal/shared/schemas';
import type { Tx } from '../../db/client';

/** Who sends: the integration client, named in the audit log. */
export interface ImportContext {
  clientId: string;
  clientName: string;
}

/** A line that passed its schema, with its 1-based line number in the request body. */
export interface CheckedLine<T> {
  lineNo: number;
  value: T;
}

/**
 * The outcome of one line. `unchanged`: accepted, but the stored record was as new or newer (a replay
 * or an older version: decision on versions), so nothing was written.
 */
export type LineOutcome = { lineNo: number; result: 'applied' | 'unchanged' } | { lineNo: number; result: 'refused'; code: string; message: string };

export interface ImportKind<T> {
  /** The path segment and the job's kind: `/api/integration/v1/<name>` and `/…/<name>/bulk`. */
  name: 'products' | 'prices' | 'stock' | 'customers';
  /** The scope a client needs to send it. */
  scope: IntegrationScope;
  /** One record's shape (a line of the NDJSON, or a single-record body). */
  schema: GenericSchema<unknown, T>;
  /**
   * Applies checked lines in one transaction: one outcome per line, in any order. A line refused for
   * its data (an unknown product, a GTIN whose check digit is wrong) is answered `refused` and the
   * others still apply; an exception rolls the whole batch back and the job retries it.
   */
  apply(tx: Tx, context: ImportContext, lines: CheckedLine<T>[]): Promise<LineOutcome[]>;
}
