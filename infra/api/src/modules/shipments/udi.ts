// A unit's UDI as a GS1 element string (decision 070): what the delivery note's DataMatrix, the
// Despatch Advice and the hospital's UDI export write. Built by the one GS1 parser's builder
// (@portal/shared/gs1, decision 069), which checks the result by reading it back; here, on the server,
// so the product page's schemas do not carry the parser's table to the browser.
import { buildGs1ElementString } from '@portal/shared/gs1';

/** One unit (or one lot of units): the device identifier and the production identifiers. */
export interface UdiParts {
  /** GTIN or UDI-DI (8 to 14 digits; written as 14). */
  gtin: string;
  lot?: string | null;
  /** `YYYY-MM-DD`. */
  expiryOn?: string | null;
  serial?: string | null;
}

/**
 * (01) GTIN, (17) expiry, (10) lot, (21) serial. `hri`: the bracketed form (what bwip-js's
 * gs1datamatrix takes and what is printed under a code); `raw`: as a scanner delivers it, with GS
 * separators. Throws a RangeError for a value GS1 cannot carry (the builder's error code in the message).
 */
export function udiElementString(parts: UdiParts, form: 'hri' | 'raw' = 'hri'): string {
  const built = buildGs1ElementString({ gtin: parts.gtin, lot: parts.lot ?? undefined, serial: parts.serial ?? undefined, expiry: parts.expiryOn ?? undefined });
  if (!built.ok) throw new RangeError(`${built.error.code}${built.error.ai ? ` (AI ${built.error.ai})` : ''}: ${built.error.detail ?? ''}`);
  return form === 'hri' ? built.bracketed : built.elementString;
}
