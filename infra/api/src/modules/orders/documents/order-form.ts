// The order-form PDF (spec section 3), laid out by PDFKit as the technical sheet is (decision 012):
// client number, delivery and invoice address, one row per line (article number, description,
// NSN, quantity, unit price), totals excluding and including VAT, the external order number and
// the submitter with the declaration text as stored. Deterministic: the creation date is the
// order's placement time and PDFKit derives the file id from it, so the same order gives the same
// bytes (it is also stored once, see order-documents.repository.ts).
import type { StoredAddressSnapshot } from '@portal/shared/schemas';
import { ACCENT, MARGIN, footers, formatters, headerRule, pair, startDocument, tableRow, total, twoColumns, winAnsi } from '../../../common/pdf/layout';
import { ORDER_FORM_LABELS, type OrderFormLabels, type OrderFormLocale } from './order-form-labels';

export interface OrderFormData {
  number: string;
  placedAt: Date;
  clientNumber: string | null;
  externalOrderNumber: string | null;
  /** The buyer's cost centre, `code — name` (issue 33); null or absent: none. */
  costCentre?: string | null;
  /** How far an approver let the order go past its cost centre's budget (decision 054 amendment); null or absent: within it. */
  overBudgetCents?: number | null;
  remarks: string | null;
  deliveryAddress: StoredAddressSnapshot;
  invoiceAddress: StoredAddressSnapshot;
  lines: {
    /** The order line's id: what its deliveries name (absent where none are looked up). */
    id?: string;
    articleNumber: string;
    description: string;
    nsn: string | null;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
    /** What the warehouse delivered of the line, parcel by parcel (decision 079); absent or empty: nothing yet. */
    delivered?: DeliveredLot[];
  }[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  vatCents: number;
  totalCents: number;
  /** Where no Belgian VAT is charged: the legal mentions in the form's language (decision 058); absent: none. */
  vatMentions?: string[];
  currency: string;
  submitter: {
    first_name: string;
    last_name: string;
    function: string;
    full_name: string;
    declaration: { version: string; locale: string; text: string };
  } | null;
}

/** One parcel's units of a line: how many, with their lot, expiry date and serial numbers. */
export interface DeliveredLot {
  quantity: number;
  lot: string | null;
  expiryOn: string | null;
  serialNumbers: readonly string[];
}

function addressLines(a: StoredAddressSnapshot): string[] {
  return [
    a.label,
    [a.street, a.nr, a.box].filter(Boolean).join(' '),
    `${a.postal_code} ${a.city}`,
    a.country,
    a.email ?? '',
    a.phone ?? '',
  ].filter((l) => l.trim() !== '');
}

/** Columns of the lines table: width within the text area (A4: 495 pt wide). */
const COLUMNS = [
  { key: 'articleNumber', width: 75, align: 'left' },
  { key: 'description', width: 150, align: 'left' },
  { key: 'nsn', width: 80, align: 'left' },
  { key: 'quantity', width: 45, align: 'right' },
  { key: 'unitPrice', width: 75, align: 'right' },
  { key: 'lineTotal', width: 70, align: 'right' },
] as const;

/** A delivery under its line: from the description to the quantity (the NSN's column too). */
const DELIVERY_COLUMNS = [
  { key: 'indent', width: 75, align: 'left' },
  { key: 'facts', width: 230, align: 'left' },
  { key: 'quantity', width: 45, align: 'right' },
] as const;

/** `Delivered: lot L1 · expiry 31 December 2027 · serial numbers A, B`; null when the delivery carried none of them. */
function deliveryFacts(d: DeliveredLot, l: OrderFormLabels, day: (iso: string) => string): string | null {
  const facts = [
    d.lot ? `${l.lot} ${d.lot}` : null,
    d.expiryOn ? `${l.expiry} ${day(d.expiryOn)}` : null,
    d.serialNumbers.length ? `${l.serialNumbers} ${d.serialNumbers.join(', ')}` : null,
  ].filter((f): f is string => f !== null);
  return facts.length ? `${l.delivered} ${facts.join(' · ')}` : null;
}

/** The PDF bytes of an order's order form in `locale`. */
export function renderOrderForm(order: OrderFormData, locale: OrderFormLocale): Promise<Buffer> {
  const l = ORDER_FORM_LABELS[locale];
  const f = formatters(locale, order.currency);
  // CreationDate also seeds PDFKit's file id: fixed to the placement, the bytes are reproducible.
  const { doc, bytes } = startDocument(locale, { title: `${l.title} ${order.number}`, subject: order.number, creationDate: order.placedAt });

  doc.font('Helvetica-Bold').fontSize(9).fillColor(ACCENT).text('MEDTAC SUPPLY');
  doc.moveDown(0.3).fontSize(18).fillColor('#000').text(`${l.title} ${order.number}`);
  doc.moveDown(0.8);
  pair(doc, l.orderNumber, order.number);
  pair(doc, l.orderDate, f.date(order.placedAt));
  if (order.clientNumber) pair(doc, l.clientNumber, order.clientNumber);
  if (order.externalOrderNumber) pair(doc, l.externalOrderNumber, order.externalOrderNumber);
  if (order.costCentre) pair(doc, l.costCentre, order.costCentre);
  if (order.costCentre && order.overBudgetCents) pair(doc, l.overBudget, f.money(order.overBudgetCents));
  doc.moveDown(1);
  twoColumns(doc, { title: l.deliveryAddress, lines: addressLines(order.deliveryAddress) }, { title: l.invoiceAddress, lines: addressLines(order.invoiceAddress) });
  doc.moveDown(1.5);

  tableRow(doc, COLUMNS, COLUMNS.map((c) => l[c.key]), true);
  headerRule(doc);
  for (const line of order.lines) {
    tableRow(doc, COLUMNS, [line.articleNumber, line.description, line.nsn ?? '', String(line.quantity), f.money(line.unitPriceCents), f.money(line.lineTotalCents)], false);
    for (const delivery of line.delivered ?? []) {
      const facts = deliveryFacts(delivery, l, f.day);
      if (facts) tableRow(doc, DELIVERY_COLUMNS, ['', winAnsi(facts), String(delivery.quantity)], false);
    }
  }
  doc.moveDown(0.8);
  total(doc, l.subtotal, f.money(order.subtotalCents));
  if (order.discountCents) total(doc, l.discount, f.money(-order.discountCents));
  total(doc, l.shipping, f.money(order.shippingCents));
  total(doc, l.totalExclVat, f.money(order.subtotalCents - order.discountCents + order.shippingCents), true);
  total(doc, l.vat, f.money(order.vatCents));
  total(doc, l.totalInclVat, f.money(order.totalCents), true);
  for (const mention of order.vatMentions ?? []) doc.moveDown(0.4).font('Helvetica').fontSize(9).fillColor('#000').text(winAnsi(mention), MARGIN);

  if (order.remarks) {
    doc.moveDown(1.2).font('Helvetica-Bold').fontSize(10).fillColor('#333').text(l.remarks, MARGIN);
    doc.font('Helvetica').fillColor('#000').text(order.remarks, { width: doc.page.width - 2 * MARGIN });
  }
  if (order.submitter) {
    const s = order.submitter;
    doc.moveDown(1.2).font('Helvetica-Bold').fontSize(10).fillColor('#333').text(l.submitter, MARGIN);
    doc.font('Helvetica').fillColor('#000').text(`${s.full_name} (${s.first_name} ${s.last_name})`);
    doc.text(`${l.function}: ${s.function}`);
    doc.moveDown(0.5).font('Helvetica-Bold').fillColor('#333').text(l.declaration(s.declaration.version));
    doc.font('Helvetica').fillColor('#000').text(winAnsi(s.declaration.text), { width: doc.page.width - 2 * MARGIN });
  }

  footers(doc, `MedTac Supply · ${l.title} ${order.number}`, l.page);
  doc.end();
  return bytes;
}
