// The technical sheet: an A4 PDF of the product's data in the reader's language, laid out by PDFKit
// (wrapping, page breaks and the standard Helvetica fonts are its business, not ours).
import type { CatalogProduct } from '@portal/shared/schemas';
import { ACCENT, MARGIN, footers, startDocument } from '../../../common/pdf/layout';
import type { CatalogLocale } from './catalog-scope';

interface SheetLabels {
  title: string;
  brand: string;
  articleCode: string;
  productCode: string;
  nsn: string;
  category: string;
  productGroup: string;
  colour: string;
  size: string;
  dimensions: string;
  diameter: string;
  volume: string;
  weight: string;
  units: string;
  specs: string;
  footer: string;
  page: (n: number, of: number) => string;
}

// The same words as the catalog's detail page (mfe-catalog messages catalog.field.*).
const LABELS: Record<CatalogLocale, SheetLabels> = {
  en: {
    title: 'Technical sheet',
    brand: 'Brand',
    articleCode: 'Article code',
    productCode: 'Product code',
    nsn: 'NSN',
    category: 'Category',
    productGroup: 'Product group',
    colour: 'Colour',
    size: 'Size',
    dimensions: 'Dimensions',
    diameter: 'Diameter',
    volume: 'Volume',
    weight: 'Weight',
    units: 'Units',
    specs: 'Technical specifications',
    footer: 'MedTac Supply · from the product data at the time of download',
    page: (n, of) => `Page ${n} of ${of}`,
  },
  nl: {
    title: 'Technische fiche',
    brand: 'Merk',
    articleCode: 'Artikelcode',
    productCode: 'Productcode',
    nsn: 'NSN',
    category: 'Categorie',
    productGroup: 'Productgroep',
    colour: 'Kleur',
    size: 'Maat',
    dimensions: 'Afmetingen',
    diameter: 'Diameter',
    volume: 'Volume',
    weight: 'Gewicht',
    units: 'Eenheden',
    specs: 'Technische specificaties',
    footer: 'MedTac Supply · volgens de productgegevens op het moment van downloaden',
    page: (n, of) => `Pagina ${n} van ${of}`,
  },
  fr: {
    title: 'Fiche technique',
    brand: 'Marque',
    articleCode: 'Code article',
    productCode: 'Code produit',
    nsn: 'NSN',
    category: 'Catégorie',
    productGroup: 'Groupe de produits',
    colour: 'Couleur',
    size: 'Taille',
    dimensions: 'Dimensions',
    diameter: 'Diamètre',
    volume: 'Volume',
    weight: 'Poids',
    units: 'Unités',
    specs: 'Caractéristiques techniques',
    footer: 'MedTac Supply · selon les données produit au moment du téléchargement',
    page: (n, of) => `Page ${n} sur ${of}`,
  },
};

const LABEL_WIDTH = 130;

/** The labelled facts of the sheet, in the order of the detail page; empty ones are left out. */
function facts(product: CatalogProduct, l: SheetLabels): [string, string][] {
  const all: [string, string | null | undefined][] = [
    [l.brand, product.brand],
    [l.articleCode, product.article_code],
    [l.productCode, product.product_code],
    [l.nsn, product.nsn],
    [l.category, [product.category, product.sub_category].filter(Boolean).join(' / ')],
    [l.productGroup, product.product_group],
    [l.colour, product.colour],
    [l.size, product.size],
    [l.dimensions, product.dimensions],
    [l.diameter, product.diameter],
    [l.volume, product.volume],
    [l.weight, product.weight],
    [l.units, product.units],
  ];
  return all.filter((f): f is [string, string] => Boolean(f[1]));
}

/** Label on the left, value wrapped in the column on the right; breaks the page when needed. */
function row(doc: PDFKit.PDFDocument, label: string, value: string) {
  const width = doc.page.width - 2 * MARGIN - LABEL_WIDTH;
  const height = Math.max(doc.font('Helvetica').fontSize(10).heightOfString(value, { width }), 12);
  if (doc.y + height > doc.page.height - MARGIN - 30) doc.addPage();
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#333').text(label, MARGIN, y, { width: LABEL_WIDTH - 10 });
  doc.font('Helvetica').fillColor('#000').text(value, MARGIN + LABEL_WIDTH, y, { width });
  doc.x = MARGIN;
  doc.y = y + height + 4;
}

/** The PDF bytes of a product's technical sheet in the reader's language. */
export function renderTechnicalSheet(product: CatalogProduct, locale: CatalogLocale): Promise<Buffer> {
  const l = LABELS[locale];
  // No creation date: the sheet shows the product data at the time of download.
  const { doc, bytes } = startDocument(locale, { title: `${l.title}: ${product.name}`, subject: product.article_code });

  doc.font('Helvetica-Bold').fontSize(9).fillColor(ACCENT).text(l.title.toUpperCase());
  doc.moveDown(0.4).fontSize(18).fillColor('#000').text(product.name);
  if (product.description) doc.moveDown(0.5).font('Helvetica').fontSize(10).fillColor('#333').text(product.description, { lineGap: 2 });
  doc.moveDown(1);
  for (const [label, value] of facts(product, l)) row(doc, label, value);
  if (product.technical_specs.length) {
    doc.moveDown(1).font('Helvetica-Bold').fontSize(12).fillColor('#000').text(l.specs, MARGIN);
    doc.moveDown(0.5);
    for (const spec of product.technical_specs) row(doc, spec.label, spec.value);
  }

  footers(doc, l.footer, l.page);
  doc.end();
  return bytes;
}
