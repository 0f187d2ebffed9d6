// Issue 30's conformance matrix: every kind of document the portal issues, built through
// computeInvoice and renderUbl, validated against both official rule sets (EN 16931 and Peppol BIS
// Billing 3.0) with 0 fatal, in one Saxon run per rule set. A deliberately broken document must
// fail, so this check can fail. Figures (documents, fatal counts, seconds) are printed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUYERS, invoiceInput, line } from '../../test-support/invoice-inputs';
import { CONFORMANCE_DIR, fatal, PEPPOL_BILLING_RULES, validateBatch, type FailedAssertion } from '../../test-support/schematron';
import { computeInvoice } from './compute';
import type { InvoiceInput } from './invoice-input';
import { renderUbl } from './ubl';

const MIXED = [line('TQ-100', 4, '12.50', 2100), line('GZ-6', 12, '3.10', 600), line('MAG-0', 2, '5.00', 0)];

/** The matrix: name → input. */
const MATRIX: Record<string, InvoiceInput> = {
  'one-rate': invoiceInput(),
  'mixed-rates': invoiceInput({ lines: MIXED }),
  'intra-community-dutch-business': invoiceInput({ buyer: BUYERS.dutchDistributor, language: 'nl', lines: MIXED }),
  'french-buyer-siret': invoiceInput({ buyer: BUYERS.frenchClinic, language: 'fr' }),
  'dutch-public-buyer-oin': invoiceInput({ buyer: BUYERS.dutchPolice, language: 'nl', order: { ...invoiceInput({ buyer: BUYERS.dutchPolice }).order, costCentre: { code: 'KP-4410-17', name: 'Arrestatieteam Noord' } } }),
  'dutch-public-buyer-without-vat-number': invoiceInput({ buyer: { ...BUYERS.dutchPolice, vatNumber: null }, language: 'en' }),
  'discount-code': invoiceInput({ lines: MIXED, discount: { code: 'WELCOME10', amountCents: 1003 } }),
  'shipping-charge': invoiceInput({ shipping: { amountCents: 995, vatRateBp: 2100 } }),
  'discount-and-shipping-intra-community': invoiceInput({ buyer: BUYERS.frenchClinic, language: 'fr', lines: MIXED, discount: { code: 'SALON', amountCents: 500 }, shipping: { amountCents: 1500, vatRateBp: 2100 } }),
  'partial-shipment': invoiceInput({ lines: [line('TQ-100', 3, '12.50')], order: { ...invoiceInput().order, externalReference: null } }),
  'credit-note': invoiceInput({ kind: 'credit_note', number: '2026-000043', dueDate: null, lines: [line('TQ-100', 2, '12.50')], precedingInvoice: { number: '2026-000042', issueDate: '2026-11-27' } }),
  'credit-note-intra-community': invoiceInput({ kind: 'credit_note', number: '2026-000044', dueDate: null, buyer: BUYERS.dutchPolice, lines: [line('GZ-6', 5, '3.10', 600)], precedingInvoice: { number: '2026-000040', issueDate: '2026-11-20' } }),
  'third-of-a-cent': invoiceInput({ lines: [line('SWAB', 7, '0.3333'), line('SWAB-6', 3, '0.3333', 600), line('GLOVE', 1001, '0.0333')] }),
  'many-half-cents': invoiceInput({ lines: Array.from({ length: 40 }, (_, i) => line(`HC-${i}`, 1, i % 2 ? '0.0050' : '1.0050', i % 3 ? 2100 : 600)), discount: { code: 'HALF', amountCents: 7 } }),
  'buyer-without-peppol-id': invoiceInput({ buyer: { ...BUYERS.belgianHospital, peppolParticipantId: null } }),
  'buyer-with-vat-number-only': invoiceInput({ buyer: { ...BUYERS.dutchDistributor, kvkNumber: null } }),
  'exempt-buyer': invoiceInput({ buyer: { ...BUYERS.belgianHospital, vatExemptionReason: 'Vrijgesteld van btw – artikel 44, § 2, 1° Btw-Wetboek' }, shipping: { amountCents: 995, vatRateBp: 2100 } }),
  'zero-rated-and-exempt-products': invoiceInput({ lines: [line('TQ-100', 1, '12.50'), line('BOOK', 2, '20.00', 600, { productVatCategory: 'Z' }), line('SVC', 1, '80.00', 2100, { productVatCategory: 'E' })] }),
  'intra-community-with-zero-rated-and-exempt-products': invoiceInput({
    buyer: BUYERS.dutchDistributor,
    lines: [line('TQ-100', 1, '12.50'), line('BOOK', 2, '20.00', 600, { productVatCategory: 'Z' }), line('SVC', 1, '80.00', 2100, { productVatCategory: 'E' })],
    discount: { code: 'MIX', amountCents: 333 },
  }),
  'paid-at-placement': invoiceInput({ dueDate: null, prepaidCents: 16_650 }),
  'partly-prepaid-without-due-date': invoiceInput({ dueDate: null, buyer: { ...BUYERS.belgianHospital, peppolParticipantId: null }, prepaidCents: 10_000 }),
  'english-buyer-language': invoiceInput({ language: 'en', lines: MIXED }),
  // Decision 070: a shipment's lots, expiry dates and serial numbers as item attributes (BT-160/161), two lots on one line.
  'lots-expiry-serials': invoiceInput({
    lines: [
      line('IMP-3', 3, '460.00', 600, {
        gtin: '05412345009009',
        instances: [
          { lot: 'L2403', expiryOn: '2028-03-31', serialNumbers: ['SN-1', 'SN-2'] },
          { lot: 'L2404', expiryOn: '2028-04-30', serialNumbers: ['SN-3'] },
        ],
      }),
      line('GZ-6', 12, '3.10', 600, { instances: [{ lot: 'G-77', expiryOn: null, serialNumbers: [] }] }),
    ],
  }),
  'awkward-text': invoiceInput({
    buyer: { ...BUYERS.frenchClinic, name: 'Dupont & Fils <Santé> "SAS"', address: { ...BUYERS.frenchClinic.address, additionalStreet: 'Bâtiment C – 2ᵉ étage' } },
    language: 'fr',
    lines: [line('ÉPI-01', 2, '19.99', 2100, { description: 'Garrot « tactique » & sangle <noire>', unit: 'pair' }), line('KG-1', 2.5, '4.40', 600, { unit: 'kg' })],
  }),
};

/** A consumer (web shop, B2C) has no register number: EN 16931 accepts the e-mail scheme, Peppol does not. */
const CONSUMER = invoiceInput({ buyer: BUYERS.webShopCustomer, dueDate: null, prepaidCents: 16_650, order: { ...invoiceInput({ buyer: BUYERS.webShopCustomer }).order, externalReference: null } });

/** Official examples in the same batch: they pass both rule sets, so a fatal on ours is ours. */
const OFFICIAL = ['base-example.xml', 'base-creditnote-correction.xml'];

/** A document that must fail: the payable amount no longer matches the totals (BR-CO-16). */
function broken(): string {
  const doc = computeInvoice(invoiceInput());
  return renderUbl({ ...doc, totals: { ...doc.totals, payableCents: doc.totals.payableCents + 1 } });
}

describe('UBL conformance matrix (EN 16931 + Peppol BIS Billing 3.0)', () => {
  const documents = new Map<string, string>();
  const results: Record<'cen' | 'peppol', Map<string, FailedAssertion[]>> = { cen: new Map(), peppol: new Map() };

  beforeAll(async () => {
    for (const [name, input] of Object.entries(MATRIX)) documents.set(`${name}.xml`, renderUbl(computeInvoice(input)));
    documents.set('broken-payable-amount.xml', broken());
    documents.set('consumer.xml', renderUbl(computeInvoice(CONSUMER)));
    for (const name of OFFICIAL) documents.set(`official-${name}`, readFileSync(join(CONFORMANCE_DIR, 'peppol/billing/examples', name), 'utf8'));
    // The two rule sets side by side: one Java process each.
    const [cen, peppol] = await Promise.all([validateBatch(PEPPOL_BILLING_RULES.cen, documents), validateBatch(PEPPOL_BILLING_RULES.peppol, documents)]);
    results.cen = cen.results;
    results.peppol = peppol.results;
    const count = (r: Map<string, FailedAssertion[]>, flag: string) => [...r.values()].reduce((n, found) => n + found.filter((f) => f.flag === flag).length, 0);
    const figures = (label: string, r: typeof cen) => `${label} ${count(r.results, 'fatal')} fatal, ${count(r.results, 'warning')} warnings in ${r.seconds.toFixed(1)} s`;
    console.log(`[conformance] ${documents.size} documents (${Object.keys(MATRIX).length} of the matrix, 1 consumer, 1 broken, ${OFFICIAL.length} official): ${figures('CEN', cen)}; ${figures('Peppol', peppol)} (fatal expected from the broken and the consumer's documents only)`);
  }, 240_000);

  it('covers every VAT category the portal issues, invoices and credit notes', () => {
    const docs = Object.values(MATRIX).map(computeInvoice);
    expect(new Set(docs.flatMap((d) => d.vatBreakdown.map((r) => r.category)))).toEqual(new Set(['S', 'Z', 'E', 'K']));
    expect(new Set(docs.map((d) => d.kind))).toEqual(new Set(['invoice', 'credit_note']));
    expect(computeInvoice(MATRIX['intra-community-dutch-business']!).vatBreakdown.map((r) => r.category)).toEqual(['K']);
    expect(computeInvoice(MATRIX['dutch-public-buyer-oin']!).vatBreakdown.map((r) => r.category)).toEqual(['K']);
  });

  for (const name of Object.keys(MATRIX)) {
    it(`${name}: 0 fatal against both rule sets`, () => {
      const failures = [...fatal(results.cen.get(`${name}.xml`)!), ...fatal(results.peppol.get(`${name}.xml`)!)];
      expect(failures.map((f) => `${f.id}: ${f.text} (${f.location})`)).toEqual([]);
    });
  }

  it("a line's lots add no warning to a plain invoice's (item attributes, not the ItemInstance UBL-CR-622 warns against)", () => {
    const warnings = (name: string) => [...results.cen.get(name)!, ...results.peppol.get(name)!].filter((f) => f.flag === 'warning').map((f) => f.id);
    const plain = new Set(warnings('one-rate.xml'));
    expect(warnings('lots-expiry-serials.xml').filter((id) => !plain.has(id))).toEqual([]);
    expect(documents.get('lots-expiry-serials.xml')).toContain('<cbc:Value>L2404</cbc:Value>');
  });

  it('the official Peppol examples pass both rule sets in the same run', () => {
    for (const name of OFFICIAL) {
      expect([...fatal(results.cen.get(`official-${name}`)!), ...fatal(results.peppol.get(`official-${name}`)!)]).toEqual([]);
    }
  });

  it("a consumer's document conforms to EN 16931, and Peppol refuses only its e-mail address (consumers are not sent over Peppol)", () => {
    expect(fatal(results.cen.get('consumer.xml')!)).toEqual([]);
    expect(fatal(results.peppol.get('consumer.xml')!).map((f) => f.id)).toEqual(['PEPPOL-EN16931-CL008']);
  });

  it('a document whose payable amount does not add up fails BR-CO-16', () => {
    expect(fatal(results.cen.get('broken-payable-amount.xml')!).map((f) => f.id)).toContain('BR-CO-16');
  });
});
