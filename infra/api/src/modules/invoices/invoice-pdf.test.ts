// The invoice PDF: the same document gives the same bytes (it is stored once and downloaded many
// times), the reader sees the facts compute.ts decided in the buyer's language, and a long invoice
// breaks over pages with a page count on each.
import { describe, expect, it } from 'vitest';
import { BUYERS, invoiceInput, line } from '../../test-support/invoice-inputs';
import { pdfPages } from '../../test-support/pdf-text';
import { computeInvoice } from './compute';
import { renderInvoicePdf } from './invoice-pdf';

describe('invoice PDF', () => {
  it('renders the same bytes for the same document, and other bytes for another', async () => {
    const doc = computeInvoice(invoiceInput({ discount: { code: 'WELCOME10', amountCents: 500 }, shipping: { amountCents: 995, vatRateBp: 2100 } }));
    const [a, b] = await Promise.all([renderInvoicePdf(doc), renderInvoicePdf(structuredClone(doc))]);
    expect(a.equals(b)).toBe(true);
    const other = await renderInvoicePdf(computeInvoice(invoiceInput({ number: '2026-000043' })));
    expect(other.equals(a)).toBe(false);
  });

  it('shows a Dutch-language invoice with its references, VAT rows, totals and payment details', async () => {
    const doc = computeInvoice(
      invoiceInput({
        order: { ...invoiceInput().order, costCentre: { code: 'CC-12', name: 'Spoedgevallen' } },
        lines: [line('TQ-100', 4, '12.50', 2100), line('GZ-6', 12, '3.1050', 600)],
        discount: { code: 'WELCOME10', amountCents: 500 },
        shipping: { amountCents: 995, vatRateBp: 2100 },
      }),
    );
    const text = (await pdfPages(await renderInvoicePdf(doc))).join(' ');
    for (const expected of ['Factuur 2026-000042', 'Vervaldatum', '27 december 2026', 'Uw referentie PO-77812', 'Kostenplaats CC-12 — Spoedgevallen', 'ORD-2026-0042', 'Kortingscode WELCOME10', 'Verzending', 'Btw 21 % (S)', 'Btw 6 % (S)', 'Te betalen', '+++202/6000/04236+++', 'BE68539007547034']) {
      expect(text).toContain(expected);
    }
    // A price with a fraction of a cent is shown as stated.
    expect(text).toMatch(/€\s3,105\s/);
  });

  it('shows a French intra-community invoice with the legal mention and no VAT', async () => {
    const doc = computeInvoice(invoiceInput({ buyer: BUYERS.frenchClinic, language: 'fr' }));
    const text = (await pdfPages(await renderInvoicePdf(doc))).join(' ');
    expect(text).toContain('Facture 2026-000042');
    expect(text).toContain('Livraison intracommunautaire – article 138 Directive 2006/112/CE');
    expect(text).toContain('TVA 0 % (K)');
    expect(text).toContain('FR40303265045');
    expect(text).toContain('Page 1 sur 1');
  });

  it('shows a credit note with the invoice it corrects', async () => {
    const doc = computeInvoice(invoiceInput({ kind: 'credit_note', number: '2026-000050', dueDate: null, language: 'en', precedingInvoice: { number: '2026-000042', issueDate: '2026-11-27' } }));
    const text = (await pdfPages(await renderInvoicePdf(doc))).join(' ');
    expect(text).toContain('Credit note 2026-000050');
    expect(text).toContain('Corrects invoice 2026-000042 of November 27, 2026');
    expect(text).toContain('Amount credited');
    expect(text).not.toContain('Due date');
  });

  it('breaks a long invoice over pages, every line present and "page n of m" on each page', async () => {
    const doc = computeInvoice(invoiceInput({ language: 'en', lines: Array.from({ length: 90 }, (_, i) => line(`ART-${String(i).padStart(3, '0')}`, 1 + (i % 4), '9.99')) }));
    const pages = await pdfPages(await renderInvoicePdf(doc));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => expect(text).toContain(`Page ${i + 1} of ${pages.length}`));
    const all = pages.join(' ');
    for (let i = 0; i < 90; i++) expect(all).toContain(`ART-${String(i).padStart(3, '0')}`);
  });
});
