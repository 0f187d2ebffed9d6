// The one GS1 parser: element strings as scanners send them, bracketed strings, Digital Link URIs
// and bare GTINs, all checked against GS1's syntax dictionary (decision 069).
import { checkAssociations, dedupe } from './associations';
import { splitBracketed } from './bracketed';
import { checkValue } from './components';
import { splitDigitalLink } from './digital-link';
import { GS, splitElementString, type RawElement } from './element-string';
import { fail, GS1_ERRORS, Gs1Failure } from './errors';
import { toParsed, type Gs1Parsed, type Gs1ParseResult } from './result';
import { readScanInput } from './scan-input';
import { aiRow } from './table';

export interface Gs1ParseOptions {
  /**
   * `detect` (default): an element string without any GS whose last variable-length value also reads
   * as more AIs (`10ABC21XYZ`: lot `ABC21XYZ`, or lot `ABC` and serial `XYZ`) is refused as ambiguous,
   * the mark of a scanner that drops the separator. `trusted`: the data comes with its separators
   * (the warehouse's structured reports), read it as GS1 says.
   */
  separators?: 'detect' | 'trusted';
}

type Placed = { ai: string; value: string; position?: number };

/** Checks every value, repeats and pairings; the elements once each, in their order. */
function checked<T extends Placed>(elements: readonly T[]): T[] {
  for (const { ai, value, position } of elements) {
    const row = aiRow(ai);
    if (!row) fail(GS1_ERRORS.unknownAi, { ai, position });
    checkValue(ai, row, value, position);
  }
  const once = dedupe(elements);
  checkAssociations(once);
  return once;
}

function valid(elements: readonly Placed[]): boolean {
  try {
    checked(elements);
    return true;
  } catch (error) {
    if (error instanceof Gs1Failure) return false;
    throw error;
  }
}

/** Whether the value that ran to the end also splits into a valid reading with more AIs. */
function otherReading(elements: RawElement[]): boolean {
  const last = elements[elements.length - 1];
  if (!last?.toEnd) return false;
  const before = elements.slice(0, -1);
  for (let cut = 1; cut < last.value.length - 1; cut++) {
    let rest: RawElement[];
    try {
      rest = splitElementString(last.value.slice(cut));
    } catch {
      continue;
    }
    if (valid([...before, { ...last, value: last.value.slice(0, cut) }, ...rest])) return true;
  }
  return false;
}

function readElementString(data: string, options: Gs1ParseOptions): Placed[] {
  let elements: RawElement[] | undefined;
  let failure: unknown;
  try {
    elements = splitElementString(data);
    checked(elements);
  } catch (error) {
    failure = error;
  }
  const mayLackSeparators = options.separators !== 'trusted' && !data.includes(GS);
  if (mayLackSeparators && elements && otherReading(elements)) {
    const last = elements[elements.length - 1]!;
    fail(GS1_ERRORS.ambiguousSeparator, { ai: last.ai, position: last.position });
  }
  if (failure) throw failure;
  return elements!;
}

function elementsOf(input: string, options: Gs1ParseOptions): Pick<Gs1Parsed, 'source' | 'symbology'> & { raw: Placed[] } {
  const scan = readScanInput(input);
  const symbology = scan.symbology ? { symbology: scan.symbology } : {};
  switch (scan.form) {
    case 'gtin': {
      if (!/^(\d{8}|\d{12,14})$/.test(scan.data)) fail(GS1_ERRORS.notGs1);
      return { source: 'gtin', raw: [{ ai: '01', value: scan.data.padStart(14, '0'), position: 0 }], ...symbology };
    }
    case 'bracketed':
      return { source: 'bracketed', raw: splitBracketed(scan.data), ...symbology };
    case 'digital-link':
      return { source: 'digital-link', raw: splitDigitalLink(scan.data), ...symbology };
    default:
      return { source: 'element-string', raw: readElementString(scan.data, options), ...symbology };
  }
}

/**
 * Parses what a scanner, a person or another system gave: never throws for any string; the error
 * codes are GS1_ERRORS.
 */
export function parseGs1(input: string, options: Gs1ParseOptions = {}): Gs1ParseResult {
  try {
    const { raw, ...found } = elementsOf(String(input ?? ''), options);
    return toParsed(found, checked(raw));
  } catch (error) {
    if (error instanceof Gs1Failure) return { ok: false, error: error.error };
    throw error;
  }
}
