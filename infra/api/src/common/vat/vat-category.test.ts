// The VAT rule's regime and categories (decision 058): who pays Belgian VAT, who gets an
// intra-community supply (K) or an export (G), and that an exemption or a product's own category
// comes first.
import { describe, expect, it } from 'vitest';
import { INTRA_COMMUNITY_SUPPLY } from './mentions';
import { consumer, type VatBuyer } from './vat-buyer';
import { chooseCategory, orderVatMentions, vatRegime } from './vat-category';

const dutchBusiness: VatBuyer = { clientType: 'B2B', vatNumber: 'NL001234567B01', country: 'NL', vatExemptionReason: null };

describe('the VAT regime', () => {
  it('gives a business of another member state with a VAT number of its form an intra-community supply when the goods leave Belgium', () => {
    expect(vatRegime(dutchBusiness, 'NL', 'BE')).toBe('intra_community');
    expect(vatRegime({ ...dutchBusiness, clientType: 'B2G' }, 'NL', 'BE')).toBe('intra_community');
    // Delivered in Belgium, the goods never leave: Belgian VAT.
    expect(vatRegime(dutchBusiness, 'BE', 'BE')).toBe('domestic');
    // Without a VAT number, or one of another form: Belgian VAT.
    expect(vatRegime({ ...dutchBusiness, vatNumber: null }, 'NL', 'BE')).toBe('domestic');
    expect(vatRegime({ ...dutchBusiness, vatNumber: 'NL12345' }, 'NL', 'BE')).toBe('domestic');
    // A Belgian business delivered abroad stays a domestic supply for us (no K without a foreign VAT number).
    expect(vatRegime({ clientType: 'B2B', vatNumber: 'BE0412345614', country: 'BE', vatExemptionReason: null }, 'NL', 'BE')).toBe('domestic');
  });

  it('always charges a consumer Belgian VAT, wherever the goods go', () => {
    expect(vatRegime(consumer('NL'), 'NL', 'BE')).toBe('domestic');
    expect(vatRegime({ ...consumer('FR'), vatNumber: 'FR12345678901' }, 'FR', 'BE')).toBe('domestic');
    expect(vatRegime(consumer('CH'), 'CH', 'BE')).toBe('domestic');
  });

  it('gives a business whose goods leave the EU an export', () => {
    expect(vatRegime({ clientType: 'B2B', vatNumber: null, country: 'CH', vatExemptionReason: null }, 'CH', 'BE')).toBe('export');
  });
});

describe('the category of a line', () => {
  it('puts an exemption, then the product own category, before the regime', () => {
    expect(chooseCategory({ vatExemptionReason: 'Article 44' }, 'intra_community', 'en', 2100, null)).toMatchObject({ category: 'E', rateBp: 0, exemptionReason: 'Article 44' });
    expect(chooseCategory({ vatExemptionReason: null }, 'intra_community', 'en', 2100, 'Z')).toMatchObject({ category: 'Z', rateBp: 0 });
    expect(chooseCategory({ vatExemptionReason: null }, 'intra_community', 'nl', 600, null)).toMatchObject({ category: 'K', rateBp: 0, exemptionReasonCode: 'VATEX-EU-IC' });
    expect(chooseCategory({ vatExemptionReason: null }, 'export', 'fr', 600, null)).toMatchObject({ category: 'G', rateBp: 0, exemptionReasonCode: 'VATEX-EU-G' });
    expect(chooseCategory({ vatExemptionReason: null }, 'domestic', 'en', 1200, null)).toMatchObject({ category: 'S', rateBp: 1200 });
    expect(chooseCategory({ vatExemptionReason: null }, 'domestic', 'en', 0, null)).toMatchObject({ category: 'Z', rateBp: 0 });
  });

  it("names an order's mention in the reader's language; none for a domestic order or one placed before the regime was stored", () => {
    expect(orderVatMentions('intra_community', dutchBusiness, 'nl')).toEqual([INTRA_COMMUNITY_SUPPLY.nl]);
    expect(orderVatMentions('domestic', dutchBusiness, 'nl')).toEqual([]);
    expect(orderVatMentions(null, null, 'en')).toEqual([]);
    // An order placed before the regime was stored says nothing, even for an exempt buyer (its invoice does).
    expect(orderVatMentions(null, { vatExemptionReason: 'Article 44' }, 'en')).toEqual([]);
    expect(orderVatMentions('intra_community', null, 'fr')).toEqual([INTRA_COMMUNITY_SUPPLY.fr]);
  });

  it('reads `true` as an intra-community supply and `false` as a domestic one (the invoices\' form)', () => {
    expect(chooseCategory({ vatExemptionReason: null }, true, 'en', 2100, null)).toMatchObject({ category: 'K', rateBp: 0 });
    expect(chooseCategory({ vatExemptionReason: null }, false, 'en', 2100, null)).toMatchObject({ category: 'S', rateBp: 2100 });
  });
});
