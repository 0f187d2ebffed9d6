// The invoice number's format and its series' end (invoice-number-format.ts), without a database;
// the counter that hands out the numbers gaplessly is tested on it (invoice-number.test.ts).
import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, invoiceNumberOf, LAST_INVOICE_NUMBER } from './invoice-number-format';

describe('the invoice number', () => {
  it('is the year and six digits, zero-padded', () => {
    expect(formatInvoiceNumber(2026, 1)).toBe('2026-000001');
    expect(formatInvoiceNumber(2026, 42)).toBe('2026-000042');
    expect(invoiceNumberOf(2027, 123_456)).toBe('2027-123456');
  });

  it('ends its series at 999999: the next number is refused, not given a seventh digit', () => {
    expect(LAST_INVOICE_NUMBER).toBe(999_999);
    expect(invoiceNumberOf(2027, 999_999)).toBe('2027-999999');
    expect(() => invoiceNumberOf(2027, 1_000_000)).toThrow('the invoice series of 2027 is full');
  });
});
