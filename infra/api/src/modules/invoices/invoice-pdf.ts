// The invoice or credit note as a PDF in the buyer's language, laid out like the order form
// (common/pdf/layout.ts). Renders only what compute.ts decided; deterministic: the creation date is
// the issue date (it also seeds PDFKit's file id), so the same document always gives the same bytes.
import { ACCENT, footers, formatters, headerRule, pair, paragraph, startDocument, tableRow, total, twoColumns } from '../../common/pdf/layout';
import type { InvoiceDocument, InvoiceParty } from './invoice-document';
import { INVOICE_PDF_LABELS, type InvoicePdfLabels } from './invoice-pdf-labels';
import { unitMarking } from '../../common/pdf/unit-marking';

/** Columns of the lines table (495 pt of A4's text area). */
const COLUMNS = [
  { width: 70, align: 'left' },
  { width: 170, align: 'left' },
  { width: 50, align: 'right' },
  { width: 80, align: 'right' },
  { width: 40, align: 'right' },
  { width: 85, align: 'right' },
] as const;

function partyLines(p: InvoiceParty, l: InvoicePdfLabels): string[] {
  const a = p.address;
  return [
    p.name,
    a.street,
    a.additionalStreet ?? '',
    `${a.postalCode} ${a.city}`,
    a.country,
    p.vatNumber ? `${l.vatNumber} ${p.vatNumber}` : '',
    p.legalId && p.legalId.id !== p.vatNumber?.slice(2) ? `${l.registration} ${p.legalId.id}` : '',
    p.contact?.email ?? '',
  ].filter((line) => line.trim() !== '');
}

/** The PDF bytes of an issued invoice or credit note, in its language. */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const l = INVOICE_PDF_LABELS[document.language];
  const f = formatters(document.language, document.currency);
  const title = `${document.kind === 'credit_note' ? l.creditNote : l.invoice} ${document.number}`;
  const { doc, bytes } = startDocument(document.language, { title, subject: document.number, creationDate: new Date(`${document.issueDate}T00:00:00Z`) });

  doc.font('Helvetica-Bold').fontSize(9).fillColor(ACCENT).text(document.seller.name.toUpperCase());
  doc.moveDown(0.3).fontSize(18).fillColor('#000').text(title);
  doc.moveDown(0.8);
  twoColumns(doc, { title: l.seller, lines: partyLines(document.seller, l) }, { title: l.buyer, lines: partyLines(document.buyer, l) });
  doc.moveDown(1);
  pair(doc, l.number, document.number);
  pair(doc, l.issueDate, f.day(document.issueDate));
  if (document.dueDate) pair(doc, l.dueDate, f.day(document.dueDate));
  if (document.precedingInvoice) pair(doc, l.creditNote, l.corrects(document.precedingInvoice.number, f.day(document.precedingInvoice.issueDate)));
  pair(doc, l.orderNumber, document.salesOrderReference);
  if (document.purchaseOrderReference) pair(doc, l.yourReference, document.purchaseOrderReference);
  if (document.costCentre) pair(doc, l.costCentre, `${document.costCentre.code} — ${document.costCentre.name}`);
  if (document.delivery.date) pair(doc, l.deliveryDate, f.day(document.delivery.date));
  const delivery = document.delivery.address;
  if (delivery) pair(doc, l.deliveryAddress, [delivery.street, delivery.additionalStreet, `${delivery.postalCode} ${delivery.city}`, delivery.country].filter(Boolean).join(', '));
  doc.moveDown(1.2);

  tableRow(doc, COLUMNS, [l.articleCode, l.description, l.quantity, l.unitPrice, l.vatRate, l.lineTotal], true);
  headerRule(doc);
  for (const line of document.lines) {
    tableRow(
      doc,
      COLUMNS,
      [line.articleCode, [line.description, ...(line.instances ?? []).map(unitMarking)].join('\n'), f.number(line.quantity), f.price(line.unitPrice), `${f.number(line.vatRatePercent)} % ${line.vatCategory}`, f.money(line.lineTotalCents)],
      false,
    );
  }
  doc.moveDown(0.8);
  const t = document.totals;
  total(doc, l.linesTotal, f.money(t.lineExtensionCents));
  for (const ac of document.allowanceCharges) {
    total(doc, `${ac.reason} (${f.number(ac.vatRatePercent)} % ${ac.vatCategory})`, f.money(ac.charge ? ac.amountCents : -ac.amountCents));
  }
  total(doc, l.totalExclVat, f.money(t.taxExclusiveCents), true);
  for (const row of document.vatBreakdown) total(doc, l.vatOn(row.category, f.number(row.ratePercent), f.money(row.taxableCents)), f.money(row.taxCents));
  total(doc, l.totalInclVat, f.money(t.taxInclusiveCents), true);
  if (t.prepaidCents) total(doc, l.prepaid, f.money(-t.prepaidCents));
  total(doc, document.kind === 'credit_note' ? l.amountCredited : l.amountDue, f.money(t.payableCents), true);

  if (document.notes.length > 0) paragraph(doc, l.mentions, document.notes.join('\n'));
  const payment = [
    `${l.iban} ${document.paymentMeans.iban}${document.paymentMeans.bic ? ` · ${l.bic} ${document.paymentMeans.bic}` : ''}`,
    `${l.communication} ${document.paymentMeans.structuredCommunication}`,
    document.paymentTerms ?? '',
  ].filter(Boolean);
  paragraph(doc, l.payment, payment.join('\n'));

  footers(doc, `${document.seller.name} · ${title}`, l.page);
  doc.end();
  return bytes;
}
