// The invoice number's own rule (decision 047), apart from the counter row that hands out `n`
// (invoice-number.ts, SQL): the format YYYY-NNNNNN, and a series that is full after 999 999 rather
// than growing a seventh digit that would break the format every reader of the number expects.

/** The highest number of a year's series: six digits. */
export const LAST_INVOICE_NUMBER = 999_999;

/** `2026-000042`. */
export const formatInvoiceNumber = (year: number, n: number): string => `${year}-${String(n).padStart(6, '0')}`;

/** The invoice number the counter's `n` gives, or an error when the year's series is full. */
export function invoiceNumberOf(year: number, n: number): string {
  if (n > LAST_INVOICE_NUMBER) throw new Error(`the invoice series of ${year} is full`);
  return formatInvoiceNumber(year, n);
}
