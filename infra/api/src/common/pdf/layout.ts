// The layout pieces the portal's business PDFs share (order form, invoice): A4 with PDFKit's
// standard Helvetica, a label/value pair, a table row that moves to a new page when it does not
// fit, right-aligned totals, "page n of m" footers, and the bytes collected once PDFKit ends.
// Deterministic: nothing here reads the clock or draws random ids.
import PDFDocument from 'pdfkit';

export type PdfLocale = 'en' | 'nl' | 'fr';

export const MARGIN = 50;
export const ACCENT = '#E94935';
const FOOTER_SPACE = 40;
const TAGS: Record<PdfLocale, string> = { en: 'en-US', nl: 'nl-BE', fr: 'fr-FR' };

/** The standard PDF fonts know WinAnsi only: the narrow no-break space of French numbers is not in it. */
export const winAnsi = (s: string) => s.replace(/[\u202f\u2009]/g, '\u00a0');

export function formatters(locale: PdfLocale, currency: string) {
  const money = new Intl.NumberFormat(TAGS[locale], { style: 'currency', currency });
  // Contract prices may carry fractions of a cent: shown as stated, two to four decimals.
  const price = new Intl.NumberFormat(TAGS[locale], { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 4 });
  const number = new Intl.NumberFormat(TAGS[locale], { maximumFractionDigits: 4 });
  const date = new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'long', timeZone: 'Europe/Brussels' });
  return {
    money: (cents: number) => winAnsi(money.format(cents / 100)),
    price: (decimal: string) => winAnsi(price.format(Number(decimal))),
    number: (value: number | string) => winAnsi(number.format(Number(value))),
    date: (d: Date) => winAnsi(date.format(d)),
    /** A calendar day (YYYY-MM-DD) as the reader writes it, whatever the server's time zone. */
    day: (iso: string) => winAnsi(date.format(new Date(`${iso}T12:00:00Z`))),
  };
}

export interface PdfInfo {
  title: string;
  subject: string;
  /** Also seeds PDFKit's file id: a fixed date makes the bytes reproducible (absent: now). */
  creationDate?: Date;
}

/** An A4 document in `locale` and the promise of its bytes (resolved when `doc.end()` is called). */
export function startDocument(locale: PdfLocale, info: PdfInfo): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: locale,
    displayTitle: true,
    info: {
      Title: info.title,
      Subject: info.subject,
      Producer: 'MedTac portal API',
      Creator: 'MedTac portal API',
      ...(info.creationDate ? { CreationDate: info.creationDate } : {}),
    },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

export interface Column {
  width: number;
  align: 'left' | 'right';
}

/** One table row across `columns` (widths within the 495 pt of A4's text area), on a new page when it does not fit. */
export function tableRow(doc: PDFKit.PDFDocument, columns: readonly Column[], cells: string[], bold: boolean) {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
  const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: columns[i]!.width - 6 })), 10);
  if (doc.y + height > doc.page.height - MARGIN - FOOTER_SPACE) {
    doc.addPage();
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
  }
  const y = doc.y;
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const col = columns[i]!;
    doc.fillColor(bold ? '#333' : '#000').text(cell, x, y, { width: col.width - 6, align: col.align });
    x += col.width;
  });
  doc.y = y + height + 4;
  doc.x = MARGIN;
}

/** The rule under a table's header row. */
export function headerRule(doc: PDFKit.PDFDocument) {
  doc.moveTo(MARGIN, doc.y - 2).lineTo(doc.page.width - MARGIN, doc.y - 2).strokeColor('#999').lineWidth(0.5).stroke();
}

export function pair(doc: PDFKit.PDFDocument, label: string, value: string) {
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#333').text(label, MARGIN, y, { width: 150 });
  doc.font('Helvetica').fillColor('#000').text(value, MARGIN + 150, y, { width: doc.page.width - 2 * MARGIN - 150 });
  doc.x = MARGIN;
}

export function total(doc: PDFKit.PDFDocument, label: string, value: string, bold = false) {
  if (doc.y + 14 > doc.page.height - MARGIN - FOOTER_SPACE) doc.addPage();
  const y = doc.y;
  const width = doc.page.width - 2 * MARGIN;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('#000');
  doc.text(label, MARGIN + width - 300, y, { width: 200, align: 'right' });
  doc.text(value, MARGIN + width - 95, y, { width: 95, align: 'right' });
  doc.x = MARGIN;
}

/** Two titled blocks of lines side by side (addresses, seller and buyer); continues below the longer. */
export function twoColumns(doc: PDFKit.PDFDocument, left: { title: string; lines: string[] }, right: { title: string; lines: string[] }) {
  const width = (doc.page.width - 2 * MARGIN - 20) / 2;
  const y = doc.y;
  const column = (x: number, block: { title: string; lines: string[] }) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#333').text(block.title, x, y, { width });
    doc.font('Helvetica').fillColor('#000').text(block.lines.join('\n'), x, doc.y + 2, { width });
    return doc.y;
  };
  const bottom = Math.max(column(MARGIN, left), column(MARGIN + width + 20, right));
  doc.x = MARGIN;
  doc.y = bottom;
}

/** A titled paragraph across the text area. */
export function paragraph(doc: PDFKit.PDFDocument, title: string, text: string) {
  doc.moveDown(1.2).font('Helvetica-Bold').fontSize(10).fillColor('#333').text(title, MARGIN);
  doc.font('Helvetica').fillColor('#000').text(winAnsi(text), { width: doc.page.width - 2 * MARGIN });
}

/** Writes `left` and "page n of m" at the foot of every page; call last, before `doc.end()`. */
export function footers(doc: PDFKit.PDFDocument, left: string, page: (n: number, of: number) => string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 10;
    const width = doc.page.width - 2 * MARGIN;
    doc.font('Helvetica').fontSize(8).fillColor('#666');
    doc.text(left, MARGIN, y, { width, lineBreak: false });
    doc.text(page(i + 1, range.count), MARGIN, y, { width, align: 'right', lineBreak: false });
  }
}
