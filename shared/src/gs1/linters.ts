// GS1's reference linters (gs1-syntax-dictionary, src/lint_*.c), the ones the dictionary names, in
// TypeScript. Each takes a component's value (already of the right length and character set) and
// says what is wrong with it, or null.
import { gs1CheckDigitOk } from './check-digit';
import { lintCouponCode, lintCouponPosOffer } from './coupons';
import { ISO3166, ISO3166_ALPHA2, ISO4217, PACKAGE_TYPES } from './code-lists';
import { dateProblem } from './dates';
import { GS1_ERRORS, type Gs1ErrorCode } from './errors';

export interface LintProblem {
  code: Gs1ErrorCode;
  detail: string;
}

type Linter = (value: string) => LintProblem | null;

const problem = (code: Gs1ErrorCode, detail: string): LintProblem => ({ code, detail });
const invalid = (detail: string) => problem(GS1_ERRORS.invalidValue, detail);
const when = (bad: boolean, detail: string, code: Gs1ErrorCode = GS1_ERRORS.invalidValue) =>
  bad ? problem(code, detail) : null;

const CSET82 = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const CSET32 = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const PRIMES = [
  2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103,
];

/** The GS1 check character pair (GMN, AI 8013/8014) of `data` without its pair. */
export function gs1CheckPair(data: string): string {
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += CSET82.indexOf(data[i]!) * PRIMES[data.length - 1 - i]!;
  sum %= 1021;
  return CSET32[sum >> 5]! + CSET32[sum & 31]!;
}

function csumalpha(value: string): LintProblem | null {
  if (value.length < 2 || value.length > PRIMES.length + 2) return invalid('length for a check pair');
  return when(gs1CheckPair(value.slice(0, -2)) !== value.slice(-2), 'check pair', GS1_ERRORS.checkDigit);
}

function iban(value: string): LintProblem | null {
  if (!/^[A-Z]{2}\d{2}[0-9A-Z]{1,30}$/.test(value) || value.length < 5) return invalid('IBAN format');
  if (!ISO3166_ALPHA2.has(value.slice(0, 2))) return invalid('IBAN country');
  const moved = value.slice(4) + value.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return when(rest !== 1, 'IBAN check digits', GS1_ERRORS.checkDigit);
}

function posInSeqSlash(value: string): LintProblem | null {
  const m = /^([1-9]\d*)\/([1-9]\d*)$/.exec(value);
  if (!m) return invalid('position/sequence');
  const [pos, seq] = [m[1]!, m[2]!];
  return when(pos.length > seq.length || (pos.length === seq.length && pos > seq), 'position beyond sequence');
}

function pieceOfTotal(value: string): LintProblem | null {
  const half = value.length / 2;
  const [piece, total] = [value.slice(0, half), value.slice(half)];
  if (value.length % 2 || /^0+$/.test(piece) || /^0+$/.test(total)) return invalid('piece of total');
  return when(piece > total, 'piece beyond total');
}

const range = (max: number, code: Gs1ErrorCode, what: string) => (value: string) =>
  when(Number(value) > max, what, code);

export const LINTERS: Record<string, Linter> = {
  csum: (v) => when(!gs1CheckDigitOk(v), 'check digit', GS1_ERRORS.checkDigit),
  csumalpha,
  // Without a GS1 Company Prefix register (GS1's own engine has none either by default), a GCP
  // starts with four digits at its position.
  gcppos1: (v) => when(!/^\d{4}/.test(v), 'GS1 Company Prefix'),
  gcppos2: (v) => when(!/^\d{4}/.test(v.slice(1)), 'GS1 Company Prefix'),
  yymmd0: (v) => when(dateProblem(v, true) !== null, `date ${v}`, GS1_ERRORS.invalidDate),
  yymmdd: (v) => when(dateProblem(v, false) !== null, `date ${v}`, GS1_ERRORS.invalidDate),
  yyyymmd0: (v) => when(dateProblem(v, true) !== null, `date ${v}`, GS1_ERRORS.invalidDate),
  yyyymmdd: (v) => when(dateProblem(v, false) !== null, `date ${v}`, GS1_ERRORS.invalidDate),
  hhmi: (v) => when(Number(v.slice(0, 2)) > 23 || Number(v.slice(2)) > 59, `time ${v}`, GS1_ERRORS.invalidTime),
  hh: range(23, GS1_ERRORS.invalidTime, 'hour'),
  mi: range(59, GS1_ERRORS.invalidTime, 'minute'),
  ss: range(59, GS1_ERRORS.invalidTime, 'second'),
  iso3166: (v) => when(!ISO3166.has(v), `country ${v}`),
  iso3166999: (v) => when(v !== '999' && !ISO3166.has(v), `country ${v}`),
  iso3166alpha2: (v) => when(!ISO3166_ALPHA2.has(v), `country ${v}`),
  iso4217: (v) => when(!ISO4217.has(v), `currency ${v}`),
  iso5218: (v) => when(!'0129'.includes(v), 'sex code'),
  packagetype: (v) => when(!PACKAGE_TYPES.has(v), `package type ${v}`),
  mediatype: (v) => when(!((Number(v) >= 1 && Number(v) <= 10) || Number(v) >= 80), `media type ${v}`),
  importeridx: (v) => when(!/^[-0-9A-Z_a-z]$/.test(v), 'importer index'),
  pcenc: (v) => when(/%(?![0-9A-Fa-f]{2})/.test(v), 'percent encoding'),
  yesno: (v) => when(v !== '0' && v !== '1', 'yes/no'),
  hyphen: (v) => when(!/^-+$/.test(v), 'hyphen'),
  zero: (v) => when(v !== '0', 'zero'),
  nonzero: (v) => when(/^0+$/.test(v), 'zero value'),
  winding: (v) => when(!'019'.includes(v), 'winding direction'),
  nozeroprefix: (v) => when(v.startsWith('0'), 'leading zero'),
  hasnondigit: (v) => when(/^\d+$/.test(v), 'digits only'),
  latitude: range(1_800_000_000, GS1_ERRORS.invalidValue, 'latitude'),
  longitude: range(3_600_000_000, GS1_ERRORS.invalidValue, 'longitude'),
  pieceoftotal: pieceOfTotal,
  posinseqslash: posInSeqSlash,
  iban,
  // North American coupon codes (AIs 8110, 8112), field by field (decision 088).
  couponcode: lintCouponCode,
  couponposoffer: lintCouponPosOffer,
};
