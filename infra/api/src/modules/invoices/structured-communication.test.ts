import { describe, expect, it } from 'vitest';
import { isValidStructuredCommunication, referenceDigits, structuredCommunication } from './structured-communication';

describe('structured communication', () => {
  it('takes ten digits from the invoice number and adds the mod-97 check', () => {
    // 2026000042 mod 97 = 2026000042 - 97 × 20886598 = 36 → check digits 36.
    expect(referenceDigits('2026-000042')).toBe('2026000042');
    expect(structuredCommunication('2026-000042')).toBe('+++202/6000/04236+++');
  });

  it('uses 97 when the remainder is 0', () => {
    // 97 × 10 = 970: the number 0000000970 divides exactly.
    expect(structuredCommunication('970')).toBe('+++000/0000/97097+++');
  });

  it('pads short numbers and keeps the last ten digits of long ones', () => {
    expect(referenceDigits('42')).toBe('0000000042');
    expect(referenceDigits('2026-1234567890')).toBe('1234567890');
    expect(() => referenceDigits('no digits')).toThrow();
  });

  it('validates what it generates, and refuses a changed digit or a wrong form', () => {
    for (const n of ['2026-000001', '2026-000042', '2027-123456', '970']) {
      expect(isValidStructuredCommunication(structuredCommunication(n))).toBe(true);
    }
    expect(isValidStructuredCommunication('+++202/6000/04237+++')).toBe(false);
    expect(isValidStructuredCommunication('+++202/6000/14236+++')).toBe(false);
    expect(isValidStructuredCommunication('***202/6000/04236***')).toBe(true);
    expect(isValidStructuredCommunication('202600004236')).toBe(true);
    expect(isValidStructuredCommunication('+++202/6000/0423+++')).toBe(false);
    expect(isValidStructuredCommunication('+++abc/defg/hijkl+++')).toBe(false);
  });

  it('pads a check under ten to two digits, and names an invoice number without digits', () => {
    // 0000000001 mod 97 = 1: the check is 01.
    expect(structuredCommunication('1')).toBe('+++000/0000/00101+++');
    expect(() => referenceDigits('INV-')).toThrow('invoice number without digits: INV-');
  });

  it('accepts spaces around a communication but no character more at either end', () => {
    expect(isValidStructuredCommunication('  +++202/6000/04236+++ ')).toBe(true);
    expect(isValidStructuredCommunication('9+++202/6000/04236+++')).toBe(false);
    expect(isValidStructuredCommunication('+++202/6000/04236+++9')).toBe(false);
    expect(isValidStructuredCommunication('1202600004236')).toBe(false);
    expect(isValidStructuredCommunication('2026000042369')).toBe(false);
  });
});
