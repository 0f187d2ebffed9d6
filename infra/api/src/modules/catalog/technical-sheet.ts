// The technical sheet: a one-page PDF written directly (PDF 1.4, the standard Helvetica fonts in
// WinAnsiEncoding), so no PDF library is needed for a page of labelled lines.
import type { CatalogProduct } from '@portal/shared/schemas';

const WIN_ANSI_EXTRA: Record<string, number> = { '€': 0x80, '–': 0x96, '—': 0x97, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95 };

/** A PDF string literal: ASCII as is, Latin-1 and a few WinAnsi characters as octal escapes. */
function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = WIN_ANSI_EXTRA[ch] ?? ch.codePointAt(0)!;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code >= 0x20 && code < 0x7f) out += ch;
    else if (code <= 0xff) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `${out})`;
}

export interface SheetLabels {
  title: string;
  fields: [string, string | null | undefined][];
  specsTitle: string;
  footer: string;
}

/** English labels (the sheet follows the request's locale for the product texts). */
export function sheetContent(product: CatalogProduct): SheetLabels {
  return {
    title: 'Technical sheet',
    fields: [
      ['Brand', product.brand],
      ['Article code', product.article_code],
      ['Product code', product.product_code],
      ['NSN', product.nsn],
      ['Category', [product.category, product.sub_category].filter(Boolean).join(' / ')],
      ['Product group', product.product_group],
      ['Colour', product.colour],
      ['Size', product.size],
      ['Dimensions', product.dimensions],
      ['Diameter', product.diameter],
      ['Volume', product.volume],
      ['Weight', product.weight],
      ['Units', product.units],
    ],
    specsTitle: 'Specifications',
    footer: 'MedTac Supply · generated from the product data at the time of download',
  };
}

/** The PDF bytes of a product's technical sheet. */
export function renderTechnicalSheet(product: CatalogProduct, labels = sheetContent(product)): Buffer {
  const ops: string[] = [];
  let y = 800;
  const text = (font: 'F1' | 'F2', size: number, x: number, value: string) => ops.push(`BT /${font} ${size} Tf ${x} ${y} Td ${pdfString(value)} Tj ET`);
  text('F2', 10, 50, labels.title.toUpperCase());
  y -= 26;
  text('F2', 18, 50, product.name.slice(0, 70));
  y -= 20;
  if (product.description) {
    for (const line of wrap(product.description, 95)) {
      text('F1', 10, 50, line);
      y -= 14;
    }
  }
  y -= 10;
  for (const [key, value] of labels.fields) {
    if (!value) continue;
    text('F2', 10, 50, key);
    text('F1', 10, 180, value);
    y -= 16;
  }
  if (product.technical_specs.length) {
    y -= 12;
    text('F2', 12, 50, labels.specsTitle);
    y -= 18;
    for (const spec of product.technical_specs.slice(0, 30)) {
      text('F2', 10, 50, spec.label);
      text('F1', 10, 180, spec.value.slice(0, 80));
      y -= 16;
    }
  }
  y = 40;
  text('F1', 8, 50, labels.footer);
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${pdfString(`${labels.title}: ${product.name}`)} /Producer (MedTac portal API) >>`,
  ];
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) pdf += `${String(off).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, 6);
}
