// Exact decimal arithmetic (decimal.ts): parsing, rounding half away from zero for either sign, the
// display of cents and the largest-remainder split, at the edges the invoice and pricing tests do
// not reach (negative amounts, zero, ties).
import { describe, expect, it } from 'vitest';
import { apportion, centsToDecimal, divideRounded, parseScaled } from './decimal';

describe('parseScaled', () => {
  it('reads a decimal of either sign, around spaces, scaled to four places', () => {
    expect(parseScaled(' 1.5 ')).toBe(15_000n);
    expect(parseScaled('-1.5')).toBe(-15_000n);
    expect(parseScaled('7', 2)).toBe(700n);
  });

  it('refuses what is not a decimal, or has more decimals than the scale, naming the value', () => {
    expect(() => parseScaled('1,5')).toThrow('not a decimal number: 1,5');
    expect(() => parseScaled('1.23456')).toThrow('more than 4 decimals: 1.23456');
  });
});

describe('divideRounded', () => {
  it('rounds half away from zero whatever the signs', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(5n, -2n)).toBe(-3n);
    expect(divideRounded(-5n, -2n)).toBe(3n);
    expect(divideRounded(-4n, 3n)).toBe(-1n);
    expect(divideRounded(0n, 7n)).toBe(0n);
  });
});

describe('centsToDecimal', () => {
  it('writes zero without a sign and a negative amount with one', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(12_345)).toBe('123.45');
  });
});

describe('apportion', () => {
  it('gives the cents left on equal remainders to the earliest parts', () => {
    expect(apportion(1, [1, 1, 1])).toEqual([1, 0, 0]);
    expect(apportion(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(apportion(2, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])).toEqual([1, 1, ...Array<number>(22).fill(0)]);
  });

  it('gives everything to the first part when there is nothing to weigh by', () => {
    expect(apportion(5, [0, 0])).toEqual([5, 0]);
  });
});
