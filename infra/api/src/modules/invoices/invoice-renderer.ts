// What issuing needs from the document code (compute.ts, ubl.ts, invoice-pdf.ts, written beside
// this module): handed to the invoicing service by the plugin (invoices.plugin.ts), so issuing,
// numbering and storage do not depend on how a document is computed or drawn.
import type { InvoiceDocument } from './invoice-document';
import type { InvoiceInput } from './invoice-input';

export interface InvoiceRenderer {
  /** The issued document's facts: VAT categories, rounding, totals, payment reference. Pure. */
  compute(input: InvoiceInput): InvoiceDocument;
  /** The Peppol BIS Billing 3.0 UBL Invoice or CreditNote. */
  ubl(doc: InvoiceDocument): string;
  /** The PDF in the document's language. */
  pdf(doc: InvoiceDocument): Promise<Buffer>;
}
