// The order-form PDF (spec section 3), laid out by PDFKit as the technical sheet is (decision 012):
// client number, delivery and invoice address, one row per line (article number, description,
// NSN, quantity, unit price), totals excluding and including VAT, the external order number and
// the submitter with the declaration text as stored. Deterministic: the creation date is the
// order's placement time and PDFKit derives the file id from it, so the same order gives the same
// bytes (it is also stored once, see order-documents.repository.ts).
import type { StoredAddressSnapshot } from '@portal/shared/schemas';
import PDFDocument from 'pdfkit';
import { ORDER_FORM_LABELS, type OrderFormLabels, type OrderFormLocale } from './order-form-labels';

export interface OrderFormData {
  number: string;
  placedAt: Date;
  clientNumber: string | null;
  externalOrderNumber: string | null;
  remarks: string | null;
  deliveryAddress: StoredAddressSnapshot;
  invoiceAddress: StoredAddressSnapshot;
  lines: { articleNumber: string; description: string; nsn: string | null; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  vatCents: number;
  totalCents: number;
  currency: string;
  submitter: {
    first_name: string;
    last_name: string;
    function: string;
    full_name: string;
    declaration: { version: string; locale: string; text: string };
  } | null;
}

const TAGS: Record<OrderFormLocale, string> = { en: 'en-US', nl: 'nl-BE', fr: 'fr-FR' };
const MARGIN = 50;
const ACCENT = '#E94935';
const FOOTER_SPACE = 40;

/** The standard PDF fonts know WinAnsi only: the narrow no-break space of French numbers is not in it. */
const winAnsi = (s: string) => s.replace(/[\u202f\u2009]/g, '\u00a0');

function formatters(locale: OrderFormLocale, currency: string) {
  const money = new Intl.NumberFormat(TAGS[locale], { style: 'currency', currency });
  const date = new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'long', timeZone: 'Europe/Brussels' });
  return { money: (cents: number) => winAnsi(money.format(cents / 100)), date: (d: Date) => winAnsi(date.format(d)) };
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

/** Columns of the lines table: x offset and width within the text area (A4: 495 pt wide). */
const COLUMNS = [
  { key: 'articleNumber', width: 75, align: 'left' },
  { key: 'description', width: 150, align: 'left' },
  { key: 'nsn', width: 80, align: 'left' },
  { key: 'quantity', width: 45, align: 'right' },
  { key: 'unitPrice', width: 75, align: 'right' },
  { key: 'lineTotal', width: 70, align: 'right' },
] as const;

function tableRow(doc: PDFKit.PDFDocument, cells: string[], bold: boolean) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
  const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: COLUMNS[i]!.width - 6 })), 10);
  if (doc.y + height > doc.page.height - MARGIN - FOOTER_SPACE) {
    doc.addPage();
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
  }
  const y = doc.y;
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const col = COLUMNS[i]!;
    doc.fillColor(bold ? '#333' : '#000').text(cell, x, y, { width: col.width - 6, align: col.align });
    x += col.width;
  });
  doc.y = y + height + 4;
  doc.x = MARGIN;
}

function pair(doc: PDFKit.PDFDocument, label: string, value: string) {
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#333').text(label, MARGIN, y, { width: 150 });
  doc.font('Helvetica').fillColor('#000').text(value, MARGIN + 150, y, { width: doc.page.width - 2 * MARGIN - 150 });
  doc.x = MARGIN;
}

function total(doc: PDFKit.PDFDocument, label: string, value: string, bold = false) {
  if (doc.y + 14 > doc.page.height - MARGIN - FOOTER_SPACE) doc.addPage();
  const y = doc.y;
  const width = doc.page.width - 2 * MARGIN;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('#000');
  doc.text(label, MARGIN + width - 300, y, { width: 200, align: 'right' });
  doc.text(value, MARGIN + width - 95, y, { width: 95, align: 'right' });
  doc.x = MARGIN;
}

function addresses(doc: PDFKit.PDFDocument, l: OrderFormLabels, order: OrderFormData) {
  const width = (doc.page.width - 2 * MARGIN - 20) / 2;
  const y = doc.y;
  const column = (x: number, title: string, a: StoredAddressSnapshot) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#333').text(title, x, y, { width });
    doc.font('Helvetica').fillColor('#000').text(addressLines(a).join('\n'), x, doc.y + 2, { width });
    return doc.y;
  };
  const bottom = Math.max(column(MARGIN, l.deliveryAddress, order.deliveryAddress), column(MARGIN + width + 20, l.invoiceAddress, order.invoiceAddress));
  doc.x = MARGIN;
  doc.y = bottom;
}

/** The PDF bytes of an order's order form in `locale`. */
export function renderOrderForm(order: OrderFormData, locale: OrderFormLocale): Promise<Buffer> {
  const l = ORDER_FORM_LABELS[locale];
  const f = formatters(locale, order.currency);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: locale,
    displayTitle: true,
    // CreationDate also seeds PDFKit's file id: fixed to the placement, the bytes are reproducible.
    info: { Title: `${l.title} ${order.number}`, Subject: order.number, Producer: 'MedTac portal API', Creator: 'MedTac portal API', CreationDate: order.placedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(9).fillColor(ACCENT).text('MEDTAC SUPPLY');
  doc.moveDown(0.3).fontSize(18).fillColor('#000').text(`${l.title} ${order.number}`);
  doc.moveDown(0.8);
  pair(doc, l.orderNumber, order.number);
  pair(doc, l.orderDate, f.date(order.placedAt));
  if (order.clientNumber) pair(doc, l.clientNumber, order.clientNumber);
  if (order.externalOrderNumber) pair(doc, l.externalOrderNumber, order.externalOrderNumber);
  doc.moveDown(1);
  addresses(doc, l, order);
  doc.moveDown(1.5);

  tableRow(doc, COLUMNS.map((c) => l[c.key]), true);
  doc.moveTo(MARGIN, doc.y - 2).lineTo(doc.page.width - MARGIN, doc.y - 2).strokeColor('#999').lineWidth(0.5).stroke();
  for (const line of order.lines) {
    tableRow(doc, [line.articleNumber, line.description, line.nsn ?? '', String(line.quantity), f.money(line.unitPriceCents), f.money(line.lineTotalCents)], false);
  }
  doc.moveDown(0.8);
  total(doc, l.subtotal, f.money(order.subtotalCents));
  if (order.discountCents) total(doc, l.discount, f.money(-order.discountCents));
  total(doc, l.shipping, f.money(order.shippingCents));
  total(doc, l.totalExclVat, f.money(order.subtotalCents - order.discountCents + order.shippingCents), true);
  total(doc, l.vat, f.money(order.vatCents));
  total(doc, l.totalInclVat, f.money(order.totalCents), true);

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

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 10;
    const width = doc.page.width - 2 * MARGIN;
    doc.font('Helvetica').fontSize(8).fillColor('#666');
    doc.text(`MedTac Supply · ${l.title} ${order.number}`, MARGIN, y, { width, lineBreak: false });
    doc.text(l.page(i + 1, range.count), MARGIN, y, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
