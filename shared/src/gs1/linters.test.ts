// The linters against the reference linters' own unit test values (gs1-syntax-dictionary,
// src/lint_*.c UNIT_TEST_PASS / UNIT_TEST_FAIL) where they are telling.
import { describe, expect, it } from 'vitest';
import { gs1FullYear } from './dates';
import { gs1CheckDigit } from './check-digit';
import { gs1CheckPair, LINTERS } from './linters';

const ok = (linter: string, value: string) => expect(LINTERS[linter]!(value), `${linter} ${value}`).toBeNull();
const bad = (linter: string, value: string) => expect(LINTERS[linter]!(value), `${linter} ${value}`).not.toBeNull();

describe('GS1 linters', () => {
  it('check digits of GTIN, SSCC and GLN', () => {
    expect(gs1CheckDigit('0950600013435')).toBe(2);
    ok('csum', '106141411234567897');
    bad('csum', '106141411234567898');
    ok('csum', '40170725');
    // lint_csum.c's own passing values: GTIN-8, -12, -13, -14 and an 18-digit key.
    for (const key of ['02345673', '416000336108', '1234567890128', '12345678901231', '123456789012345675']) ok('csum', key);
  });

  it('the GMN check character pair (lint_csumalpha.c: 1987654Ad4X4bL5ttr2310c2K)', () => {
    expect(gs1CheckPair('1987654Ad4X4bL5ttr2310c')).toBe('2K');
    ok('csumalpha', '1987654Ad4X4bL5ttr2310c2K');
    bad('csumalpha', '1987654Ad4X4bL5ttr2310c2L');
    ok('csumalpha', '22');
  });

  it('dates: day 00 only where allowed, leap years, the GS1 century window', () => {
    ok('yymmd0', '240229');
    bad('yymmd0', '250229');
    ok('yymmd0', '250200');
    bad('yymmdd', '250200');
    bad('yymmdd', '250431');
    bad('yymmdd', '251301');
    ok('yyyymmdd', '20000229');
    bad('yyyymmdd', '19000229');
    const today = new Date('2026-06-01T00:00:00Z');
    expect([gs1FullYear(26, today), gs1FullYear(76, today), gs1FullYear(77, today), gs1FullYear(0, today)]).toEqual([2026, 2076, 1977, 2000]);
  });

  it('times, codes and the structured linters', () => {
    ok('hhmi', '2359');
    bad('hhmi', '2400');
    bad('mi', '60');
    ok('iso3166', '056');
    bad('iso3166', '000');
    ok('iso3166999', '999');
    ok('iso3166alpha2', 'BE');
    bad('iso3166alpha2', 'XX');
    ok('iso4217', '978');
    bad('iso4217', '000');
    ok('packagetype', 'BX');
    bad('packagetype', 'ZZZ');
    ok('pieceoftotal', '0102');
    bad('pieceoftotal', '0302');
    bad('pieceoftotal', '0002');
    ok('posinseqslash', '1/2');
    bad('posinseqslash', '3/2');
    bad('posinseqslash', '01/2');
    ok('iban', 'GB82WEST12345698765432');
    bad('iban', 'GB82WEST12345698765433');
    ok('pcenc', 'A%20B');
    bad('pcenc', 'A%2');
    bad('gcppos2', '0ABC4');
    ok('latitude', '1800000000');
    bad('latitude', '1800000001');
    bad('nozeroprefix', '01');
    bad('hasnondigit', '123');
    ok('mediatype', '01');
    bad('mediatype', '11');
  });
});
