import * as jsvatModule from 'jsvat-next';
import * as v from 'valibot';
import { inputString } from './fields';
import { MESSAGE_KEYS as M } from './messages';

// jsvat-next is CommonJS for Node (whose named-export detection cannot see its exports, so a named
// import crashes the API and the ops tool at start) and ESM for bundlers: take the functions from
// whichever shape this runtime provides.
// The computed key keeps the bundler from rejecting `.default` on an ESM namespace at build time.
const CJS_DEFAULT = 'default';
const cjsExports = (jsvatModule as Record<string, unknown>)[CJS_DEFAULT] as typeof jsvatModule | undefined;
const jsvat: typeof jsvatModule = cjsExports ?? jsvatModule;
const {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
} = jsvat;

// EU member states only: customers are organisations invoiced with intra-community VAT rules.
const EU_VAT_COUNTRIES = [
  austria, belgium, bulgaria, croatia, cyprus, czechRepublic, denmark, estonia, finland, france,
  germany, greece, hungary, ireland, italy, latvia, lithuania, luxembourg, malta, netherlands,
  poland, portugal, romania, slovakiaRepublic, slovenia, spain, sweden,
];

/** Removes spaces, dots and dashes, upper-cases, and assumes Belgium when no country prefix is given. */
export function normaliseVatNumber(value: string): string {
  const compact = value.replace(/[\s.-]/g, '').toUpperCase();
  return /^\d/.test(compact) ? `BE${compact}` : compact;
}

/** Whether a VAT number is a valid EU VAT number, checksum included (Belgian by default). */
export function isValidVatNumber(value: string): boolean {
  return checkVAT(normaliseVatNumber(value), EU_VAT_COUNTRIES).isValid;
}

/** A VAT number; the output is normalised (`0403.170.701` -> `BE0403170701`). */
export const VatNumberSchema = v.pipe(
  inputString(M.required),
  v.trim(),
  v.nonEmpty(M.required),
  v.check(isValidVatNumber, M.invalidVat),
  v.transform(normaliseVatNumber),
);
