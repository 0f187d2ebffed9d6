// The coupon linters (decision 088) against GS1's engine's own unit test values
// (fixtures/coupon-vectors.txt): every value the engine accepts is accepted, and every value it
// refuses is refused at the same step (missing, invalid, truncated or excess), with the portal's code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GS1_ERRORS } from './errors';
import { LINTERS } from './linters';
import { parseGs1 } from './parse';

const vectors = readFileSync(join(import.meta.dirname, 'fixtures/coupon-vectors.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    const [linter, verdict, value, error] = line.split(' ');
    return { linter: linter!, verdict: verdict!, value: value ?? '', error: error ?? '' };
  });

/** The portal's code and the step's word for one of the engine's errors. */
function expected(error: string): { code: string; word: string } {
  if (error === 'GS1_LINTER_NON_DIGIT_CHARACTER') return { code: GS1_ERRORS.invalidCharacter, word: 'non-digit' };
  if (error.endsWith('_DATE') && error.includes('INVALID')) return { code: GS1_ERRORS.invalidDate, word: 'invalid' };
  if (error === 'GS1_LINTER_COUPON_EXPIRATION_BEFORE_START') return { code: GS1_ERRORS.invalidDate, word: 'expiration' };
  if (error.includes('TOO_SHORT_FOR')) return { code: GS1_ERRORS.invalidValue, word: 'truncated' };
  const word = /_COUPON_(MISSING|INVALID|TRUNCATED|EXCESS)_/.exec(error)?.[1];
  if (!word) throw new Error(`an engine error this test does not know: ${error}`);
  return { code: GS1_ERRORS.invalidValue, word: word.toLowerCase() };
}

describe('coupon linters against the engine', () => {
  it('reads the fixture: both linters, passes and failures', () => {
    const count = (linter: string, verdict: string) => vectors.filter((v) => v.linter === linter && v.verdict === verdict).length;
    expect(count('couponcode', 'PASS')).toBeGreaterThan(50);
    expect(count('couponcode', 'FAIL')).toBeGreaterThan(250);
    expect(count('couponposoffer', 'PASS')).toBeGreaterThan(10);
    expect(count('couponposoffer', 'FAIL')).toBeGreaterThan(40);
  });

  it.each(vectors.filter((v) => v.verdict === 'PASS'))('$linter accepts $value', ({ linter, value }) => {
    expect(LINTERS[linter]!(value)).toBeNull();
  });

  it.each(vectors.filter((v) => v.verdict === 'FAIL'))('$linter refuses $value ($error)', ({ linter, value, error }) => {
    const { code, word } = expected(error);
    const problem = LINTERS[linter]!(value);
    expect(problem?.code).toBe(code);
    expect(problem?.detail.startsWith(word)).toBe(true);
  });

  it('an element string with AI 8110 or 8112 is refused with the linter named, and accepted when well formed', () => {
    expect(parseGs1('(8110)012345612345611110123').ok).toBe(true);
    expect(parseGs1('(8112)001234561234560123456').ok).toBe(true);
    const refused = parseGs1('(8110)0123456123456111101239');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ code: GS1_ERRORS.invalidValue, ai: '8110' });
    const start = parseGs1('(8112)201234561234560123456');
    expect(start.ok).toBe(false);
  });
});
