// GS1 GTINs as the catalogue stores and looks them up. Small and dependency-free, so the shop entry
// (`schemas/shop`) can carry it without the import schemas' validators. Reading scanned element
// strings is not here: that is the GS1 parser's (`@portal/shared/gs1`, issue 42).
import * as v from 'valibot';
import { gs1CheckDigitOk } from '../gs1/check-digit';
import { inputString } from './fields';
import { MESSAGE_KEYS as M } from './messages';

/** GS1 GTIN-8, -12, -13 or -14 (the check digit is checked where the value is used: gtinCheckDigitOk). */
export const GtinSchema = v.pipe(inputString(), v.regex(/^(\d{8}|\d{12,14})$/, 'a GTIN has 8, 12, 13 or 14 digits'));

/** The GS1 check digit, one rule for the parser, the imports and the seed (decision 069). */
export { gs1CheckDigit, gs1CheckDigitOk as gtinCheckDigitOk } from '../gs1/check-digit';

/**
 * The GTIN as the 14 digits GS1 writes it in AI (01): GTIN-8, -12 and -13 are padded with zeros on
 * the left. A DataMatrix always carries the 14 digits; the catalogue stores what the supplier sent.
 */
export const gtin14 = (gtin: string): string => gtin.padStart(14, '0');

/**
 * Every way the same GTIN may be stored: its 14 digits and, where they start with zeros, the GTIN-13,
 * -12 and -8 they pad. A lookup compares the stored column with these (its index stays usable).
 */
export function gtinForms(gtin: string): string[] {
  const full = gtin14(gtin);
  return [14, 13, 12, 8].filter((n) => /^0*$/.test(full.slice(0, 14 - n))).map((n) => full.slice(14 - n));
}

/**
 * A GTIN as shipments and recalls store it (decision 074): GTIN-8, -12, -13 or -14 with a valid check
 * digit, written as 14 digits (zeros on the left), so one product has one key in the lot index.
 */
export const Gtin14Schema = v.pipe(
  inputString(M.invalidValue),
  v.trim(),
  v.regex(/^(\d{8}|\d{12,14})$/, M.invalidValue),
  v.check(gs1CheckDigitOk, M.invalidValue),
  v.transform((s: string) => gtin14(s)),
);
