// The parser's answer: every AI with its dictionary title, and the fields the portal reads by name.
import { gs1DateToIso } from './dates';
import { GS } from './element-string';
import type { Gs1Error } from './errors';
import type { Gs1Form } from './scan-input';
import { aiRow, predefinedLength } from './table';

export interface Gs1Element {
  ai: string;
  value: string;
  /** The dictionary's data title (`BATCH/LOT`), for display beside the value. */
  title: string;
}

export interface Gs1Parsed {
  ok: true;
  /** Which form the input was in. */
  source: Gs1Form;
  /** The AIM symbology identifier the scanner sent (`]d2`), when there was one. */
  symbology?: string;
  /** Every AI once, in the input's order (a repeated AI with the same value is kept once). */
  elements: Gs1Element[];
  /** AI 01, 14 digits (a GTIN-8, -12 or -13 padded with zeros). */
  gtin?: string;
  /** AI 10. */
  lot?: string;
  /** AI 21. */
  serial?: string;
  /** AI 17 as an ISO date; day 00 is the last day of the month. */
  expiry?: string;
  /** AI 15 as an ISO date. */
  bestBefore?: string;
  /** AI 11 as an ISO date. */
  productionDate?: string;
  /** AI 00. */
  sscc?: string;
  /** The canonical element string: no symbology prefix, GS after each value that needs one. */
  elementString: string;
  /** The human-readable form, `(01)09506000134352(10)ABC`. */
  bracketed: string;
}

export type Gs1ParseResult = Gs1Parsed | { ok: false; error: Gs1Error };

/** The canonical unbracketed string of checked elements: a GS after each non-`*` value but the last. */
export function elementStringOf(elements: readonly { ai: string; value: string }[]): string {
  return elements
    .map(({ ai, value }, i) => {
      const last = i === elements.length - 1;
      return ai + value + (last || predefinedLength(aiRow(ai)!) !== null ? '' : GS);
    })
    .join('');
}

export function toParsed(
  found: { source: Gs1Form; symbology?: string },
  checked: readonly { ai: string; value: string }[],
): Gs1Parsed {
  const elements = checked.map(({ ai, value }) => ({ ai, value, title: aiRow(ai)!.title }));
  const get = (ai: string) => elements.find((e) => e.ai === ai)?.value;
  const date = (ai: string) => {
    const value = get(ai);
    return value === undefined ? undefined : gs1DateToIso(value);
  };
  const named = {
    gtin: get('01'),
    lot: get('10'),
    serial: get('21'),
    expiry: date('17'),
    bestBefore: date('15'),
    productionDate: date('11'),
    sscc: get('00'),
  };
  const present = Object.fromEntries(Object.entries(named).filter(([, v]) => v !== undefined));
  return {
    ok: true,
    ...found,
    elements,
    ...present,
    elementString: elementStringOf(elements),
    bracketed: elements.map(({ ai, value }) => `(${ai})${value.replaceAll('(', '\\(')}`).join(''),
  };
}
