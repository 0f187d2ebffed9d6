// The reverse: the element string for a delivery note's GS1 DataMatrix, read back by parseGs1.
import { isoToGs1Date } from './dates';
import { fail, GS1_ERRORS, Gs1Failure, type Gs1Error } from './errors';
import { parseGs1 } from './parse';
import { elementStringOf } from './result';

export interface Gs1BuildInput {
  /** GTIN-8, -12, -13 or -14; written as 14 digits. */
  gtin: string;
  lot?: string;
  serial?: string;
  /** ISO date (`2026-12-31`). */
  expiry?: string;
}

export interface Gs1BuildOptions {
  /** Prefix `]d2` (the AIM identifier a scanner sends for GS1 DataMatrix); default false. */
  symbologyPrefix?: boolean;
}

export type Gs1BuildResult = { ok: true; elementString: string; bracketed: string } | { ok: false; error: Gs1Error };

/**
 * Fixed-length AIs first (01, 17), then the variable ones (10, 21) with GS between them, so that a
 * scanner that drops GS still reads the fixed part; the result is checked by parseGs1 before it is returned.
 */
export function buildGs1ElementString(input: Gs1BuildInput, options: Gs1BuildOptions = {}): Gs1BuildResult {
  try {
    const elements = [{ ai: '01', value: input.gtin.padStart(14, '0') }];
    if (input.expiry !== undefined) {
      const yymmdd = isoToGs1Date(input.expiry);
      if (!yymmdd) fail(GS1_ERRORS.invalidDate, { ai: '17', detail: input.expiry });
      elements.push({ ai: '17', value: yymmdd });
    }
    if (input.lot !== undefined) elements.push({ ai: '10', value: input.lot });
    if (input.serial !== undefined) elements.push({ ai: '21', value: input.serial });
    const elementString = elementStringOf(elements);
    const check = parseGs1(elementString, { separators: 'trusted' });
    if (!check.ok) return check;
    return { ok: true, elementString: (options.symbologyPrefix ? ']d2' : '') + elementString, bracketed: check.bracketed };
  } catch (error) {
    if (error instanceof Gs1Failure) return { ok: false, error: error.error };
    throw error;
  }
}
