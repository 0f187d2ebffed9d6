// A shipment's delivery note (issue 42, decision 070), laid out by PDFKit with the order form's and
// the invoice's pieces (common/pdf/layout.ts): the parcel's facts, the delivery address and the
// customer, each line with its lot, expiry and serial numbers, and a GS1 DataMatrix per unit (per
// serial number, or one for the lot) holding its UDI as an element string, so the hospital scans
// the paper as it scans the box. Deterministic: the creation date is the shipment's day.
import type { StoredAddressSnapshot } from '@portal/shared/schemas';
import { udiElementString } from '../udi';
import { MARGIN, footers, formatters, headerRule, pair, startDocument, tableRow, twoColumns, winAnsi, type PdfLocale } from '../../../common/pdf/layout';
import { unitMarking } from '../../../common/pdf/unit-marking';
import type { ShipmentDocumentFacts } from '../despatch/despatch-facts';
import { DELIVERY_NOTE_LABELS } from './delivery-note-labels';

/** One code to print: the line it belongs to and its element string in human-readable form. */
export interface NoteCode {
  line: number;
  hri: string;
}

/** Renders an element string as a GS1 DataMatrix PNG (bwip-js in production, gs1-datamatrix.ts). */
export type DataMatrixRenderer = (hri: string) => Promise<Buffer>;

/**
 * The codes a note prints, in line order: one per serial number, or one for the lot when the line
 * has none; nothing for a product without a GS1 identifier, or whose lot or serial GS1 cannot carry.
 */
export function noteCodes(facts: Pick<ShipmentDocumentFacts, 'lines'>): NoteCode[] {
  return facts.lines.flatMap((l, line) => {
    if (!l.udiDi) return [];
    const serials: (string | null)[] = l.serialNumbers.length ? l.serialNumbers : [null];
    return serials.flatMap((serial) => {
      try {
        return [{ line, hri: udiElementString({ gtin: l.udiDi!, lot: l.lot, expiryOn: l.expiryOn, serial }) }];
      } catch {
        return [];
      }
    });
  });
}

const COLUMNS = [
  { key: 'articleCode', width: 80, align: 'left' },
  { key: 'description', width: 185, align: 'left' },
  { key: 'quantity', width: 50, align: 'right' },
  { key: 'traceability', width: 180, align: 'left' },
] as const;

const CODE_SIZE = 62;
const CODE_GAP = 14;
/** Beside a code: its element string, one AI a line (GS1's human-readable interpretation). */
const HRI_WIDTH = 150;

function addressLines(a: StoredAddressSnapshot): string[] {
  return [a.label, [a.street, a.nr, a.box].filter(Boolean).join(' '), `${a.postal_code} ${a.city}`, a.country].filter((l) => l.trim() !== '');
}

export async function renderDeliveryNote(facts: ShipmentDocumentFacts, locale: PdfLocale, dataMatrix: DataMatrixRenderer): Promise<Buffer> {
  const l = DELIVERY_NOTE_LABELS[locale];
  // A code the encoder refuses (a lot GS1 allows but its bracketed input cannot take) is left out, the
  // line's text still says it.
  const drawn = await Promise.allSettled(noteCodes(facts).map(async (c) => ({ ...c, image: await dataMatrix(c.hri) })));
  const codes = drawn.flatMap((d) => (d.status === 'fulfilled' ? [d.value] : []));
  const { doc, bytes } = startDocument(locale, { title: `${l.title} ${facts.externalId}`, subject: facts.orderNumber, creationDate: new Date(`${facts.shippedOn}T12:00:00Z`) });

  doc.font('Helvetica-Bold').fontSize(9).fillColor('#E94935').text('MEDTAC SUPPLY');
  doc.moveDown(0.3).fontSize(18).fillColor('#000').text(`${l.title} ${facts.externalId}`);
  doc.moveDown(0.8);
  pair(doc, l.orderNumber, facts.orderNumber);
  if (facts.externalReference) pair(doc, l.yourReference, facts.externalReference);
  const f = formatters(locale, 'EUR');
  pair(doc, l.shippedOn, f.day(facts.shippedOn));
  pair(doc, l.carrier, `${facts.carrier} ${facts.trackingReference}`);
  pair(doc, l.expected, f.day(facts.expectedDeliveryOn));
  doc.moveDown(1);
  twoColumns(
    doc,
    { title: l.deliveryAddress, lines: addressLines(facts.deliveryAddress) },
    { title: l.buyer, lines: [facts.organisationName ?? '', ...addressLines(facts.invoiceAddress)].filter(Boolean) },
  );
  doc.moveDown(1.5);

  tableRow(doc, COLUMNS, COLUMNS.map((c) => l[c.key]), true);
  headerRule(doc);
  facts.lines.forEach((line, index) => {
    tableRow(doc, COLUMNS, [line.articleCode, winAnsi(line.name), String(line.quantity), unitMarking(line) || '—'], false);
    const own = codes.filter((c) => c.line === index);
    if (!own.length) return;
    // The line's codes in rows, each with its element string beside it, one AI a line.
    const perRow = Math.floor((doc.page.width - 2 * MARGIN + CODE_GAP) / (CODE_SIZE + HRI_WIDTH + CODE_GAP));
    for (let start = 0; start < own.length; start += perRow) {
      if (doc.y + CODE_SIZE + 30 > doc.page.height - MARGIN - 40) doc.addPage();
      const y = doc.y + 4;
      own.slice(start, start + perRow).forEach((c, k) => {
        const x = MARGIN + k * (CODE_SIZE + HRI_WIDTH + CODE_GAP);
        doc.image(c.image, x, y, { width: CODE_SIZE, height: CODE_SIZE });
        doc.font('Helvetica').fontSize(7).fillColor('#000').text(c.hri.replace(/(?!^)\((?=\d{2}\))/g, '\n('), x + CODE_SIZE + 6, y + 4, { width: HRI_WIDTH - 6 });
      });
      doc.x = MARGIN;
      doc.y = y + CODE_SIZE + 8;
    }
  });
  if (codes.length) doc.moveDown(1).font('Helvetica').fontSize(8).fillColor('#333').text(winAnsi(l.codesNote), MARGIN, doc.y, { width: doc.page.width - 2 * MARGIN });

  footers(doc, `MedTac Supply · ${l.title} ${facts.externalId}`, l.page);
  doc.end();
  return bytes;
}
