// What a scanner or a person typed, before parsing: the AIM symbology prefix, the separator as
// keyboard-wedge scanners remap it, and which of the four forms the text is in.
import { fail, GS1_ERRORS } from './errors';
import { GS } from './element-string';

/** Inputs longer than this are refused before any parsing (a GS1 DataMatrix on a box stays far below). */
export const GS1_MAX_INPUT_LENGTH = 256;

/**
 * Texts read as the GS separator. Each holds a character outside every AI character set (N, CSET 82,
 * CSET 39, CSET 64), so reading it as GS cannot change a valid value, except `<GS>`: `<` and `>` are
 * CSET 82, and a lot spelled `A<GS>B` would be read as two AIs. Scanners that show GS that way
 * (several handheld brands' defaults) are too common to refuse.
 */
export const GS_REMAPS = ['<GS>', '{GS}', '^]', '\\x1d', '\\x1D', '\\u001d', '\\u001D', '\u241d', '|', '~'] as const;

/** AIM symbology identifiers whose data is a GS1 element string (FNC1 in first position). */
const ELEMENT_STRING_SYMBOLOGIES = [']d2', ']C1', ']Q3', ']e0', ']J1'];
/** EAN/UPC: a bare GTIN. */
const GTIN_SYMBOLOGIES = [']E0', ']E4'];

export type Gs1Form = 'element-string' | 'bracketed' | 'digital-link' | 'gtin';

export interface ScanInput {
  form: Gs1Form;
  /** The data after the symbology prefix; for element strings with GS for every remap, no leading FNC1. */
  data: string;
  symbology?: string;
}

function replaceRemaps(data: string): string {
  let out = data;
  for (const remap of GS_REMAPS) out = out.split(remap).join(GS);
  return out;
}

/** Without the leading GS (FNC1 in first position, as some scanners send it) and trailing ones. */
function trimSeparators(data: string): string {
  let start = 0;
  let end = data.length;
  while (start < end && data[start] === GS) start++;
  while (end > start && data[end - 1] === GS) end--;
  return data.slice(start, end);
}

/** Leading and trailing whitespace (a wedge scanner's Enter or Tab) is not part of the data. */
export function readScanInput(input: string): ScanInput {
  if (input.length > GS1_MAX_INPUT_LENGTH) fail(GS1_ERRORS.tooLong, { detail: `${input.length} characters` });
  const trimmed = input.replace(/^[\s]+|[\s]+$/g, '');
  if (!trimmed) fail(GS1_ERRORS.empty);
  const prefix = /^\][A-Za-z][0-9A-Za-z]/.exec(trimmed)?.[0];
  const data = prefix ? trimmed.slice(3) : trimmed;
  const symbology = prefix ? { symbology: prefix } : {};
  if (/^https?:\/\//i.test(data)) return { form: 'digital-link', data, ...symbology };
  if (prefix && GTIN_SYMBOLOGIES.includes(prefix)) return { form: 'gtin', data, ...symbology };
  const gs1Prefix = prefix !== undefined && ELEMENT_STRING_SYMBOLOGIES.includes(prefix);
  if (prefix && !gs1Prefix) fail(GS1_ERRORS.notGs1, { detail: `symbology ${prefix}` });
  if (!gs1Prefix && /^(\d{8}|\d{12,14})$/.test(data)) return { form: 'gtin', data };
  if (data.startsWith('(')) return { form: 'bracketed', data, ...symbology };
  const normalised = trimSeparators(replaceRemaps(data));
  if (!/^\d{2}/.test(normalised)) fail(GS1_ERRORS.notGs1);
  return { form: 'element-string', data: normalised, ...symbology };
}
