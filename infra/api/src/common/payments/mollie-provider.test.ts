import { describe, expect, it } from 'vitest';
import { mollieAmount } from './mollie-provider';

describe("Mollie's amount", () => {
  it('is a string with exactly two decimals, exact past 2^31 and 2^53 / 100 cents (no floating point)', () => {
    expect(mollieAmount(0, 'EUR')).toEqual({ currency: 'EUR', value: '0.00' });
    expect(mollieAmount(5, 'EUR').value).toBe('0.05');
    expect(mollieAmount(3025, 'EUR').value).toBe('30.25');
    expect(mollieAmount(2_147_483_648, 'EUR').value).toBe('21474836.48');
    expect(mollieAmount(9_007_199_254_740_991, 'EUR').value).toBe('90071992547409.91');
  });
});
