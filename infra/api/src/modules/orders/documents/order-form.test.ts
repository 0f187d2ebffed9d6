// The order form's layout without a database: a long order breaks over pages with every line and
// a page count on each, and French amounts (narrow no-break spaces) print with the standard fonts.
import { describe, expect, it } from 'vitest';
import { pdfPages } from '../../../test-support/pdf-text';
import { renderOrderForm, type OrderFormData } from './order-form';

const address = { label: 'Siège', street: 'Rue de la Loi', nr: '16', box: 'B', postal_code: '1000', city: 'Bruxelles', country: 'BE' };
const order = (lines: number): OrderFormData => ({
  number: '2026-000123',
  placedAt: new Date('2026-11-24T08:00:00Z'),
  clientNumber: 'C-100234',
  externalOrderNumber: 'PO-77',
  remarks: null,
  deliveryAddress: address,
  invoiceAddress: address,
  lines: Array.from({ length: lines }, (_, i) => ({
    articleNumber: `ART-${String(i).padStart(3, '0')}`,
    description: `Garrot tactique, modèle ${i} – noir`,
    nsn: '6515-01-521-7976',
    quantity: 1 + (i % 5),
    unitPriceCents: 123_456,
    lineTotalCents: 123_456 * (1 + (i % 5)),
  })),
  subtotalCents: 1_000_000,
  discountCents: 5_000,
  shippingCents: 995,
  vatCents: 209_159,
  totalCents: 1_205_154,
  currency: 'EUR',
  submitter: { first_name: 'Anne', last_name: 'Dupont', function: 'Acheteuse', full_name: 'Anne Dupont', declaration: { version: '1', locale: 'fr', text: 'Je suis autorisée à passer cette commande.' } },
});

describe('order form layout', () => {
  it('breaks a long order over pages, with every line and "page n of m" on each page', async () => {
    const pages = await pdfPages(await renderOrderForm(order(80), 'fr'));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => expect(text).toContain(`Page ${i + 1} sur ${pages.length}`));
    const all = pages.join(' ');
    for (let i = 0; i < 80; i++) expect(all).toContain(`ART-${String(i).padStart(3, '0')}`);
    expect(all).toMatch(/1\s234,56\s€/);
    expect(all).toContain('Remise');
    expect(all).toContain('Total TVA comprise');
    expect(all).toContain('Je suis autorisée à passer cette commande.');
  });

  it('leaves out what the order does not have (no client number, no discount, no submitter)', async () => {
    const text = (await pdfPages(await renderOrderForm({ ...order(1), clientNumber: null, discountCents: 0, submitter: null }, 'en'))).join(' ');
    expect(text).not.toContain('Client number');
    expect(text).not.toContain('Discount');
    expect(text).not.toContain('Submitted by');
    expect(text).toContain('External order number PO-77');
  });
});

describe('delivered lots on the order form (decision 079)', () => {
  const shipped = (): OrderFormData => {
    const base = order(2);
    return {
      ...base,
      lines: [
        {
          ...base.lines[0]!,
          delivered: [
            { quantity: 1, lot: 'L2403-A', expiryOn: '2028-03-31', serialNumbers: ['SN-0001'] },
            { quantity: 2, lot: 'L2403-B', expiryOn: null, serialNumbers: [] },
          ],
        },
        // Delivered without lot, expiry or serials: nothing to state under the line.
        { ...base.lines[1]!, delivered: [{ quantity: 2, lot: null, expiryOn: null, serialNumbers: [] }] },
      ],
    };
  };

  it('states each delivery under its line, in the form\'s language', async () => {
    const words = {
      en: ['Delivered: lot L2403-A · expiry March 31, 2028 · serial numbers SN-0001', 'Delivered: lot L2403-B'],
      nl: ['Geleverd: lot L2403-A · vervaldatum 31 maart 2028 · serienummers SN-0001', 'Geleverd: lot L2403-B'],
      fr: ['Livré : lot L2403-A · péremption 31 mars 2028 · numéros de série SN-0001', 'Livré : lot L2403-B'],
    } as const;
    for (const locale of ['en', 'nl', 'fr'] as const) {
      const text = (await pdfPages(await renderOrderForm(shipped(), locale))).join(' ').replace(/\s+/g, ' ');
      for (const expected of words[locale]) expect(text, locale).toContain(expected);
      // The first line's deliveries come after it and before the second line.
      expect(text.indexOf('ART-000')).toBeLessThan(text.indexOf('L2403-A'));
      expect(text.indexOf('L2403-B')).toBeLessThan(text.indexOf('ART-001'));
      expect(text.match(/Delivered|Geleverd|Livré/g)).toHaveLength(2);
    }
  });

  it('prints no delivery where there is none', async () => {
    const text = (await pdfPages(await renderOrderForm(order(2), 'en'))).join(' ');
    expect(text).not.toContain('Delivered');
  });
});
