import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '@portal/shared/schemas';
import { pdfPages } from '../../../test-support/pdf-text';
import { renderTechnicalSheet } from './technical-sheet';

const product = {
  name: 'Tourniquet SOF-T Wide – zwart',
  brand: 'SOF-T',
  article_code: 'MT-10042',
  product_code: 'SOFTW-BLK',
  nsn: '6515-01-587-9943',
  category: 'EHBO',
  sub_category: 'Tourniquets',
  product_group: null,
  colour: 'Zwart',
  size: null,
  dimensions: '19 × 4 × 4 cm',
  diameter: null,
  volume: null,
  weight: '170 g',
  units: '1 stuk',
  description: 'Tourniquet met brede band voor gebruik op ledematen. '.repeat(12),
  technical_specs: Array.from({ length: 45 }, (_, i) => ({ label: `Eigenschap ${i + 1}`, value: `Waarde ${i + 1} (€ 12,50)` })),
} as unknown as CatalogProduct;

describe('technical sheet', () => {
  it('is a PDF in the reader\'s language with every fact, over as many pages as it needs', async () => {
    const bytes = await renderTechnicalSheet(product, 'nl');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join(' ');
    for (const text of ['TECHNISCHE FICHE', 'Tourniquet SOF-T Wide – zwart', 'Artikelcode', 'MT-10042', 'Productcode', '6515-01-587-9943', 'EHBO / Tourniquets', 'Gewicht', '170 g', 'Technische specificaties', 'Eigenschap 45', 'Waarde 45 (€ 12,50)']) {
      expect(all).toContain(text);
    }
    // Empty facts are left out rather than printed blank.
    expect(all).not.toContain('Productgroep');
    pages.forEach((page, i) => expect(page).toContain(`Pagina ${i + 1} van ${pages.length}`));
  });

  it('labels the sheet in English and French too', async () => {
    const en = (await pdfPages(await renderTechnicalSheet(product, 'en'))).join(' ');
    expect(en).toContain('TECHNICAL SHEET');
    expect(en).toContain('Article code');
    const fr = (await pdfPages(await renderTechnicalSheet(product, 'fr'))).join(' ');
    expect(fr).toContain('FICHE TECHNIQUE');
    expect(fr).toContain('Code article');
    expect(fr).toContain('Caractéristiques techniques');
  });
});
