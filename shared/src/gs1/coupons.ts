// The inner structure of North American coupon codes, the last two linters GS1's syntax dictionary
// names (decision 088): `couponcode` for AI 8110 (the North American Coupon Code) and
// `couponposoffer` for AI 8112 (the positive offer file coupon). Both are digits cut into fields by
// one-digit length indicators (VLIs); 8110 then carries optional fields, each opened by its own
// digit, in ascending order. The field order, the allowed VLIs and codes follow GS1's engine
// (gs1-syntax-engine, lint_couponcode.c and lint_couponposoffer.c), whose unit test values
// coupons.test.ts runs.
import { dateProblem } from './dates';
import { GS1_ERRORS, type Gs1ErrorCode } from './errors';

export interface CouponProblem {
  code: Gs1ErrorCode;
  detail: string;
}

class Refused extends Error {
  constructor(
    readonly detail: string,
    readonly code: Gs1ErrorCode = GS1_ERRORS.invalidValue,
  ) {
    super(detail);
  }
}

/** Reads a coupon's fields left to right; each read refuses what is missing, out of range or cut short. */
class Fields {
  private at = 0;
  constructor(private readonly value: string) {}

  /** The optional field that starts here, if its opening digit is `marker`. */
  opens(marker: string): boolean {
    if (this.value[this.at] !== marker) return false;
    this.at++;
    return true;
  }

  /** One digit, which must be one of `allowed`. */
  digit(what: string, allowed = '0123456789'): string {
    const d = this.value[this.at];
    if (d === undefined) throw new Refused(`missing ${what}`);
    if (!allowed.includes(d)) throw new Refused(`invalid ${what}`);
    this.at++;
    return d;
  }

  /** The next `n` digits. */
  take(n: number, what: string): string {
    if (this.value.length - this.at < n) throw new Refused(`truncated ${what}`);
    this.at += n;
    return this.value.slice(this.at - n, this.at);
  }

  /** A length indicator, one of `allowed`, then that many digits plus `plus` ('9' = none where `nineIsNone`). */
  sized(what: string, allowed: string, plus: number, nineIsNone = false): string {
    const vli = this.digit(`${what} length`, allowed);
    if (nineIsNone && vli === '9') return '';
    return this.take(Number(vli) + plus, what);
  }

  date(what: string): string {
    const date = this.take(6, what);
    if (dateProblem(date, false) !== null) throw new Refused(`invalid ${what} ${date}`, GS1_ERRORS.invalidDate);
    return date;
  }

  end(): void {
    if (this.at !== this.value.length) throw new Refused(`excess data at ${this.at}`);
  }
}

const PURCHASE_CODES = '012349';

function lint(value: string, read: (f: Fields) => void): CouponProblem | null {
  const bad = [...value].findIndex((ch) => ch < '0' || ch > '9');
  if (bad >= 0) return { code: GS1_ERRORS.invalidCharacter, detail: `non-digit at ${bad}` };
  try {
    const fields = new Fields(value);
    read(fields);
    fields.end();
    return null;
  } catch (e) {
    if (e instanceof Refused) return { code: e.code, detail: e.detail };
    throw e;
  }
}

// A GS1 Company Prefix here is all digits and at least six long, so it always starts with the four
// digits that the `gcppos1` linter asks for without a prefix register (decision 069, point 3).

/** AI 8110: the North American Coupon Code. */
export function lintCouponCode(value: string): CouponProblem | null {
  return lint(value, (f) => {
    f.sized('GS1 Company Prefix', '0123456', 6);
    f.take(6, 'offer code');
    f.sized('save value', '12345', 0);
    f.sized('1st purchase requirement', '12345', 0);
    f.digit('1st purchase requirement code', PURCHASE_CODES);
    f.take(3, '1st purchase family code');
    if (f.opens('1')) {
      f.digit('additional purchase rules code', '0123');
      f.sized('2nd purchase requirement', '12345', 0);
      f.digit('2nd purchase requirement code', PURCHASE_CODES);
      f.take(3, '2nd purchase family code');
      f.sized('2nd purchase GS1 Company Prefix', '01234569', 6, true);
    }
    if (f.opens('2')) {
      f.sized('3rd purchase requirement', '12345', 0);
      f.digit('3rd purchase requirement code', PURCHASE_CODES);
      f.take(3, '3rd purchase family code');
      f.sized('3rd purchase GS1 Company Prefix', '01234569', 6, true);
    }
    const expiry = f.opens('3') ? f.date('expiration date') : null;
    if (f.opens('4')) {
      const start = f.date('start date');
      // As the engine compares them: the two YYMMDD strings as they are.
      if (expiry !== null && start > expiry) throw new Refused('expiration date before start date', GS1_ERRORS.invalidDate);
    }
    if (f.opens('5')) f.sized('serial number', '0123456789', 6);
    if (f.opens('6')) f.sized('retailer GS1 Company Prefix or GLN', '1234567', 6);
    if (f.opens('9')) {
      f.digit('save value code', '01256');
      f.digit('save value applies to item', '012');
      f.digit('store coupon flag');
      f.digit("don't multiply flag", '01');
    }
  });
}

/** AI 8112: the positive offer file coupon. */
export function lintCouponPosOffer(value: string): CouponProblem | null {
  return lint(value, (f) => {
    f.digit('format code', '01');
    f.sized('funder id', '0123456', 6);
    f.take(6, 'offer code');
    f.sized('serial number', '0123456789', 6);
  });
}
