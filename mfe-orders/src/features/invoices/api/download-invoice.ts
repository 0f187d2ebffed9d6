// An invoice's stored documents, behind the access token: fetched through the shared client and
// saved as a file named after the document (the same bytes every time: the API renders them once).
import { downloadFile } from '@portal/shared/api';
import type { InvoiceKind } from '@portal/shared/schemas/orders';

export type InvoiceFormat = 'pdf' | 'xml';

const FILES: Record<InvoiceFormat, { path: string; accept: string }> = {
  pdf: { path: 'invoice.pdf', accept: 'application/pdf' },
  xml: { path: 'ubl.xml', accept: 'application/xml, text/xml' },
};

/** The file name the browser saves: `invoice-2026-000042.pdf`, `credit-note-2026-000043.xml`. */
export const invoiceFileName = (kind: InvoiceKind, number: string, format: InvoiceFormat) =>
  `${kind === 'credit_note' ? 'credit-note' : 'invoice'}-${number}.${format}`;

export const downloadInvoice = (invoice: { id: string; kind: InvoiceKind; number: string }, format: InvoiceFormat): Promise<void> =>
  downloadFile(`/invoices/${encodeURIComponent(invoice.id)}/${FILES[format].path}`, 'portal', invoiceFileName(invoice.kind, invoice.number, format), FILES[format].accept);
