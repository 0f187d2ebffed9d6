import { describe, expect, it } from 'vitest';
import { BUYERS, invoiceInput, line, SELLER } from '../../test-support/invoice-inputs';
import { computeInvoice } from './compute';
import { apportion, centsToDecimal, lineTotalCents, vatCents } from '../../common/vat/decimal';
import { endpoint, legalId } from './electronic-address';
import type { InvoiceDocument } from './invoice-document';
import { unitCode } from '../../common/unit-codes';
import { isPlausibleVatNumber } from '../../common/vat/vat-number';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** EN 16931's totals rules (BR-CO-10, 11, 12, 13, 14, 15, 16, 17) on a computed document. */
function expectTotalsRules(doc: InvoiceDocument) {
  const t = doc.totals;
  expect(t.lineExtensionCents).toBe(sum(doc.lines.map((l) => l.lineTotalCents)));
  expect(t.allowanceTotalCents).toBe(sum(doc.allowanceCharges.filter((a) => !a.charge).map((a) => a.amountCents)));
  expect(t.chargeTotalCents).toBe(sum(doc.allowanceCharges.filter((a) => a.charge).map((a) => a.amountCents)));
  expect(t.taxExclusiveCents).toBe(t.lineExtensionCents - t.allowanceTotalCents + t.chargeTotalCents);
  expect(t.taxCents).toBe(sum(doc.vatBreakdown.map((r) => r.taxCents)));
  expect(t.taxInclusiveCents).toBe(t.taxExclusiveCents + t.taxCents);
  expect(t.payableCents).toBe(t.taxInclusiveCents - t.prepaidCents);
  for (const row of doc.vatBreakdown) {
    const inGroup = <T extends { vatCategory: string; vatRatePercent: string }>(x: T) => x.vatCategory === row.category && x.vatRatePercent === row.ratePercent;
    const lines = sum(doc.lines.filter(inGroup).map((l) => l.lineTotalCents));
    const allowances = sum(doc.allowanceCharges.filter((a) => !a.charge && inGroup(a)).map((a) => a.amountCents));
    const charges = sum(doc.allowanceCharges.filter((a) => a.charge && inGroup(a)).map((a) => a.amountCents));
    expect(row.taxableCents).toBe(lines - allowances + charges);
    expect(row.taxCents).toBe(Math.round((row.taxableCents * Number(row.ratePercent)) / 100));
  }
}

describe('rounding', () => {
  it('rounds a line total half away from zero to the cent, exactly', () => {
    expect(lineTotalCents(1, '0.0050')).toBe(1);
    expect(lineTotalCents(1, '0.0049')).toBe(0);
    expect(lineTotalCents(3, '0.3333')).toBe(100);
    expect(lineTotalCents(7, '0.3333')).toBe(233); // 2.3331
    // 1.005 is 1.00499999… in floating point; here it is exactly 1.005 and rounds up.
    expect(lineTotalCents(1, '1.005')).toBe(101);
    expect(lineTotalCents(2.5, '0.0010')).toBe(0); // 0.0025
    expect(lineTotalCents(1001, '0.0333')).toBe(3333); // 33.3333
    expect(() => lineTotalCents(1, '0.00001')).toThrow();
    expect(() => lineTotalCents(1, '1,50')).toThrow();
  });

  it('rounds VAT once per breakdown row, half away from zero', () => {
    expect(vatCents(50, 2100)).toBe(11); // 10.5
    expect(vatCents(25, 600)).toBe(2); // 1.5
    expect(vatCents(-50, 2100)).toBe(-11);
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(123456)).toBe('1234.56');
  });

  it('apportions cents so the shares add up exactly, the remainder to the largest fractions', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(7, [5000, 2500, 2500])).toEqual([3, 2, 2]); // 3.5, 1.75, 1.75
    expect(sum(apportion(1003, [5000, 3720, 1000]))).toBe(1003);
    expect(apportion(10, [0, 0])).toEqual([10, 0]);
  });

  it('sums VAT per row, not per line: forty half-cent lines', () => {
    const doc = computeInvoice(invoiceInput({ lines: Array.from({ length: 40 }, (_, i) => line(`HC-${i}`, 1, '0.0050')) }));
    expect(doc.lines.every((l) => l.lineTotalCents === 1)).toBe(true);
    expect(doc.totals.lineExtensionCents).toBe(40);
    expect(doc.vatBreakdown).toHaveLength(1);
    expect(doc.totals.taxCents).toBe(8); // 0.40 × 21 % = 0.084 (per line it would be 40 × 0.0021 → 0)
    expectTotalsRules(doc);
  });
});

describe('VAT category', () => {
  const categories = (doc: InvoiceDocument) => doc.vatBreakdown.map((r) => `${r.category}${r.ratePercent}`);
  const mixed = [line('A', 4, '12.50', 2100), line('B', 12, '3.10', 600), line('C', 2, '5.00', 0)];

  it('charges a Belgian buyer standard rates per line, 0 % as zero-rated', () => {
    const doc = computeInvoice(invoiceInput({ lines: mixed }));
    expect(categories(doc)).toEqual(['S21', 'S6', 'Z0']);
    expect(doc.notes).toEqual([]);
    expect(doc.vatBreakdown.every((r) => r.exemptionReason === null)).toBe(true);
    expectTotalsRules(doc);
  });

  it('invoices a business in another member state with a VAT number as an intra-community supply (K) with the mention in its language', () => {
    const doc = computeInvoice(invoiceInput({ buyer: BUYERS.frenchClinic, language: 'fr', lines: mixed, shipping: { amountCents: 1000, vatRateBp: 2100 } }));
    expect(categories(doc)).toEqual(['K0']);
    expect(doc.vatBreakdown[0]).toMatchObject({ exemptionReasonCode: 'VATEX-EU-IC', exemptionReason: 'Livraison intracommunautaire – article 138 Directive 2006/112/CE', taxCents: 0 });
    expect(doc.allowanceCharges[0]).toMatchObject({ charge: true, reasonCode: 'FC', vatCategory: 'K' });
    expect(doc.notes).toEqual(['Livraison intracommunautaire – article 138 Directive 2006/112/CE']);
    expect(doc.totals.taxCents).toBe(0);
    expectTotalsRules(doc);
  });

  it('treats a Dutch public buyer with a VAT number as a business (K), and without one charges Belgian VAT (S)', () => {
    expect(categories(computeInvoice(invoiceInput({ buyer: BUYERS.dutchPolice })))).toEqual(['K0']);
    expect(categories(computeInvoice(invoiceInput({ buyer: { ...BUYERS.dutchPolice, vatNumber: null } })))).toEqual(['S21']);
    expect(categories(computeInvoice(invoiceInput({ buyer: { ...BUYERS.dutchPolice, vatNumber: 'NL12345' } })))).toEqual(['S21']);
  });

  it('charges Belgian VAT (S) when the goods stay in Belgium, whoever the buyer is', () => {
    const order = { ...invoiceInput().order, deliveryAddress: { street: 'Kaai 1', additionalStreet: null, city: 'Antwerpen', postalCode: '2000', country: 'BE' } };
    expect(categories(computeInvoice(invoiceInput({ buyer: BUYERS.dutchDistributor, order })))).toEqual(['S21']);
    const toFrance = { ...order, deliveryAddress: { ...order.deliveryAddress, city: 'Lille', postalCode: '59000', country: 'FR' } };
    expect(categories(computeInvoice(invoiceInput({ buyer: BUYERS.dutchDistributor, order: toFrance })))).toEqual(['K0']);
  });

  it('charges a consumer abroad VAT (S): no intra-community supply without a business', () => {
    const buyer = { ...BUYERS.webShopCustomer, country: 'NL', vatNumber: 'NL812345678B01' };
    expect(categories(computeInvoice(invoiceInput({ buyer })))).toEqual(['S21']);
  });

  it('invoices an exempt buyer E with its ground, shipping included', () => {
    const reason = 'Vrijgesteld – artikel 44 Btw-Wetboek';
    const doc = computeInvoice(invoiceInput({ buyer: { ...BUYERS.belgianHospital, vatExemptionReason: reason }, lines: mixed, shipping: { amountCents: 995, vatRateBp: 2100 } }));
    expect(categories(doc)).toEqual(['E0']);
    expect(doc.vatBreakdown[0]!.exemptionReason).toBe(reason);
    expect(doc.totals.taxCents).toBe(0);
    expectTotalsRules(doc);
  });

  it('follows the product: zero-rated and exempt products keep their category, even intra-community', () => {
    const lines = [line('A', 1, '10.00'), line('Z', 1, '10.00', 600, { productVatCategory: 'Z' }), line('E', 1, '10.00', 2100, { productVatCategory: 'E' })];
    expect(categories(computeInvoice(invoiceInput({ lines })))).toEqual(['S21', 'Z0', 'E0']);
    expect(categories(computeInvoice(invoiceInput({ lines, buyer: BUYERS.dutchDistributor })))).toEqual(['K0', 'Z0', 'E0']);
  });

  it('checks the VAT number against its member state\'s form', () => {
    expect(isPlausibleVatNumber('NL812345678B01', 'NL')).toBe(true);
    expect(isPlausibleVatNumber('NL 8123.45678B01', 'NL')).toBe(true);
    expect(isPlausibleVatNumber('BE0412345614', 'NL')).toBe(false);
    expect(isPlausibleVatNumber('FR40303265045', 'FR')).toBe(true);
    expect(isPlausibleVatNumber('BE0412345614', 'BE')).toBe(true);
    expect(isPlausibleVatNumber('BE0412345678', 'BE')).toBe(false); // wrong check digits
    expect(isPlausibleVatNumber(null, 'NL')).toBe(false);
  });
});

describe('allowances and charges', () => {
  it('splits a discount over the VAT groups in proportion to their lines, reason code 95', () => {
    const doc = computeInvoice(invoiceInput({ lines: [line('A', 1, '50.00', 2100), line('B', 1, '37.20', 600), line('C', 1, '10.00', 0)], discount: { code: 'WELCOME10', amountCents: 1003 } }));
    expect(doc.allowanceCharges.map((a) => [a.reasonCode, a.vatCategory, a.vatRatePercent, a.amountCents])).toEqual([
      ['95', 'S', '21', 516],
      ['95', 'S', '6', 384],
      ['95', 'Z', '0', 103],
    ]);
    expect(doc.allowanceCharges[0]!.reason).toBe('Kortingscode WELCOME10');
    expect(doc.totals.allowanceTotalCents).toBe(1003);
    expectTotalsRules(doc);
  });

  it('adds shipping as a freight charge (FC) at its own rate', () => {
    const doc = computeInvoice(invoiceInput({ lines: [line('B', 1, '10.00', 600)], shipping: { amountCents: 995, vatRateBp: 2100 } }));
    expect(doc.allowanceCharges).toEqual([{ charge: true, reasonCode: 'FC', reason: 'Verzending', amountCents: 995, vatCategory: 'S', vatRatePercent: '21' }]);
    expect(doc.vatBreakdown.map((r) => [r.category, r.ratePercent, r.taxableCents, r.taxCents])).toEqual([
      ['S', '6', 1000, 60],
      ['S', '21', 995, 209],
    ]);
    expectTotalsRules(doc);
  });

  it('refuses amounts that are not whole non-negative cents, and lines without a positive quantity', () => {
    expect(() => computeInvoice(invoiceInput({ discount: { code: 'X', amountCents: 1.5 } }))).toThrow();
    expect(() => computeInvoice(invoiceInput({ prepaidCents: -1 }))).toThrow();
    expect(() => computeInvoice(invoiceInput({ lines: [line('A', 0, '1.00')] }))).toThrow();
  });
});

describe('document facts', () => {
  it('carries references, payment means and terms', () => {
    const doc = computeInvoice(invoiceInput({ order: { ...invoiceInput().order, costCentre: { code: 'CC-12', name: 'Spoedgevallen' } } }));
    expect(doc).toMatchObject({
      buyerReference: 'PO-77812',
      purchaseOrderReference: 'PO-77812',
      salesOrderReference: 'ORD-2026-0042',
      costCentre: { code: 'CC-12', name: 'Spoedgevallen' },
      paymentMeans: { code: '30', iban: SELLER.iban, structuredCommunication: '+++202/6000/04236+++' },
      paymentTerms: 'Te betalen vóór 27 december 2026 met de gestructureerde mededeling +++202/6000/04236+++.',
    });
    const withoutPo = computeInvoice(invoiceInput({ order: { ...invoiceInput().order, externalReference: null } }));
    expect(withoutPo.buyerReference).toBe('ORD-2026-0042');
  });

  it('names where and when the goods went for an intra-community supply, even without a delivery on the order', () => {
    const doc = computeInvoice(invoiceInput({ buyer: BUYERS.dutchDistributor, order: { ...invoiceInput().order, deliveryAddress: null, deliveryDate: null } }));
    expect(doc.delivery).toEqual({ date: '2026-11-27', address: BUYERS.dutchDistributor.address });
  });

  it('gives a credit note its preceding invoice and terms instead of a due date', () => {
    const doc = computeInvoice(invoiceInput({ kind: 'credit_note', dueDate: null, language: 'en', precedingInvoice: { number: '2026-000041', issueDate: '2026-11-01' } }));
    expect(doc.precedingInvoice).toEqual({ number: '2026-000041', issueDate: '2026-11-01' });
    expect(doc.paymentTerms).toMatch(/refunded or set off/);
  });

  it('settles an invoice paid at placement', () => {
    const once = computeInvoice(invoiceInput({ dueDate: null }));
    const paid = computeInvoice(invoiceInput({ dueDate: null, prepaidCents: once.totals.taxInclusiveCents }));
    expect(paid.totals.payableCents).toBe(0);
    expect(paid.paymentTerms).toBe('Betaald bij de bestelling.');
  });

  it('maps catalogue units to UN/ECE Rec 20 and 21 codes', () => {
    expect(['piece', 'Box', 'pair', 'pack', 'set', 'kg', 'bag'].map(unitCode)).toEqual(['H87', 'XBX', 'PR', 'XPK', 'SET', 'KGM', 'XBG']);
    expect(unitCode('something new')).toBe('C62');
  });
});

describe('electronic addresses', () => {
  const ids = { country: 'BE', vatNumber: null, enterpriseNumber: null, kvkNumber: null, oin: null, siret: null, peppolParticipantId: null, publicBody: false, email: null };

  it('prefers the registered Peppol id, then the national register, then the VAT number', () => {
    expect(endpoint({ ...ids, peppolParticipantId: '0208:0412345614', enterpriseNumber: '0412345614' })).toEqual({ scheme: '0208', id: '0412345614' });
    expect(endpoint({ ...ids, peppolParticipantId: 'iso6523-actorid-upis::9925:BE0412345614' })).toEqual({ scheme: '9925', id: 'BE0412345614' });
    expect(endpoint({ ...ids, enterpriseNumber: '0412.345.614' })).toEqual({ scheme: '0208', id: '0412345614' });
    expect(endpoint({ ...ids, country: 'NL', kvkNumber: '30123456', oin: '00000001823288444000' })).toEqual({ scheme: '0106', id: '30123456' });
    expect(endpoint({ ...ids, country: 'NL', kvkNumber: '30123456', oin: '00000001823288444000', publicBody: true })).toEqual({ scheme: '0190', id: '00000001823288444000' });
    expect(endpoint({ ...ids, country: 'FR', siret: '303 265 045 00011' })).toEqual({ scheme: '0009', id: '30326504500011' });
    expect(endpoint({ ...ids, vatNumber: 'BE 0412.345.614' })).toEqual({ scheme: '9925', id: 'BE0412345614' });
    expect(endpoint({ ...ids, country: 'NL', vatNumber: 'NL812345678B01' })).toEqual({ scheme: '9944', id: 'NL812345678B01' });
    expect(endpoint({ ...ids, country: 'FR', vatNumber: 'FR40303265045' })).toEqual({ scheme: '9957', id: 'FR40303265045' });
  });

  it('falls back to e-mail for a consumer, and refuses a party without any address', () => {
    expect(endpoint({ ...ids, email: 'an@example.be' })).toEqual({ scheme: 'EM', id: 'an@example.be' });
    expect(() => endpoint(ids)).toThrow(/no electronic address/);
    expect(legalId({ ...ids, country: 'DE', vatNumber: 'DE123456789' })).toBeNull();
  });
});

describe('parties and edges of the document', () => {
  it("names the seller by its enterprise number (0208, ten digits) and addresses it by its Peppol id, else (none or not scheme:id) that number", () => {
    const doc = computeInvoice(invoiceInput({ seller: { ...SELLER, enterpriseNumber: 'BE 403.170.701', peppolParticipantId: '9925:BE0403170701' } }));
    expect(doc.seller).toEqual({
      name: SELLER.name,
      vatNumber: SELLER.vatNumber,
      legalId: { scheme: '0208', id: '0403170701' },
      endpoint: { scheme: '9925', id: 'BE0403170701' },
      address: SELLER.address,
      contact: { name: null, email: SELLER.email, phone: SELLER.phone },
    });
    const unregistered = computeInvoice(invoiceInput({ seller: { ...SELLER, peppolParticipantId: '' } }));
    expect(unregistered.seller.endpoint).toEqual({ scheme: '0208', id: '0403170701' });
  });

  it('names a Dutch public body by its OIN even with a KvK number, a business by its KvK, and a consumer by e-mail', () => {
    const police = { ...BUYERS.dutchPolice, kvkNumber: '30123456', peppolParticipantId: null };
    const doc = computeInvoice(invoiceInput({ buyer: police }));
    expect(doc.buyer).toMatchObject({ name: police.name, vatNumber: police.vatNumber, legalId: { scheme: '0190', id: police.oin }, address: police.address });
    // A Dutch business with both is named by its KvK number.
    const business = computeInvoice(invoiceInput({ buyer: { ...BUYERS.dutchDistributor, oin: police.oin } }));
    expect(business.buyer.legalId).toEqual({ scheme: '0106', id: BUYERS.dutchDistributor.kvkNumber });
    const consumer = computeInvoice(invoiceInput({ buyer: BUYERS.webShopCustomer }));
    expect(consumer.buyer.endpoint).toEqual({ scheme: 'EM', id: BUYERS.webShopCustomer.contact.email });
    expect(consumer.buyer.contact).toEqual(BUYERS.webShopCustomer.contact);
  });

  it('numbers its lines from 1, in euro', () => {
    const doc = computeInvoice(invoiceInput({ lines: [line('A', 1, '1.00'), line('B', 2, '1.00')] }));
    expect(doc.lines.map((l) => l.id)).toEqual(['1', '2']);
    expect(doc.currency).toBe('EUR');
  });

  it('says which amount it refuses', () => {
    expect(() => computeInvoice(invoiceInput({ lines: [line('A', 1, '1.00'), line('B', 0, '1.00')] }))).toThrow('line 2: the quantity must be positive');
    expect(() => computeInvoice(invoiceInput({ prepaidCents: -1 }))).toThrow('the prepaid amount must be a non-negative whole number of cents: -1');
    // A negative charge is not priced (price.ts adds shipping only above zero): refused here.
    expect(() => computeInvoice(invoiceInput({ shipping: { amountCents: -100, vatRateBp: 2100 } }))).toThrow('the shipping charge must be');
  });

  it('names the delivery of an intra-community supply with zero-rated lines too, and none for a domestic order without one', () => {
    const noDelivery = { ...invoiceInput().order, deliveryAddress: null, deliveryDate: null };
    const mixed = computeInvoice(invoiceInput({
      buyer: BUYERS.dutchDistributor,
      order: noDelivery,
      lines: [line('A', 1, '10.00'), line('B', 1, '5.00', 0, { productVatCategory: 'Z' })],
    }));
    expect(mixed.vatBreakdown.map((r) => r.category)).toEqual(['K', 'Z']);
    expect(mixed.delivery).toEqual({ date: '2026-11-27', address: BUYERS.dutchDistributor.address });
    const domestic = computeInvoice(invoiceInput({ order: noDelivery }));
    expect(domestic.delivery).toEqual({ date: null, address: null });
  });
});

// Issue 40 (mutation benchmark): the lots and serial numbers shipped (issue 42) reach the document's lines.
describe('the units shipped on a line', () => {
  it("carries a line's lots and serial numbers, and no list where none were shipped", () => {
    const instances = [{ lot: 'G-77', expiryOn: '2027-06-30', serialNumbers: ['S-1', 'S-2'] }];
    const doc = computeInvoice(invoiceInput({ lines: [line('GZ-6', 2, '3.10', 600, { instances }), line('GZ-7', 1, '1.00', 600, { instances: [] }), line('GZ-8', 1, '1.00')] }));
    expect(doc.lines.map((l) => l.instances)).toEqual([instances, undefined, undefined]);
    expect(doc.lines.map((l) => 'instances' in l)).toEqual([true, false, false]);
  });
});
