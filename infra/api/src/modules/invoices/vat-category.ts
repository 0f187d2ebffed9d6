// The EN 16931 VAT category of a line, a discount share or the shipping charge (decision 046):
//   buyer exempt → E; product zero-rated or exempt → Z or E; a business buyer (B2B, B2G) in another
//   member state with a VAT number of that state's form → K (intra-community supply of goods,
//   article 138 of the VAT Directive: the goods leave Belgium, so it is an exempt supply, not the
//   reverse charge AE of services and domestic cases); otherwise S at the rate (0 % → Z).
import type { BuyerFacts } from './invoice-input';
import type { VatCategory } from './invoice-document';
import { EXEMPT_SUPPLY, INTRA_COMMUNITY_SUPPLY } from './legal-mentions';
import { isEuMemberState, isPlausibleVatNumber } from './vat-number';

export interface CategoryChoice {
  category: VatCategory;
  /** The rate on the document in basis points (0 for Z, E and K). */
  rateBp: number;
  exemptionReasonCode: string | null;
  exemptionReason: string | null;
}

type Language = 'en' | 'nl' | 'fr';

/** True when the buyer receives an intra-community supply (the seller ships from Belgium). */
export function isIntraCommunityBuyer(buyer: BuyerFacts, sellerCountry: string): boolean {
  const country = buyer.country.toUpperCase();
  return (
    buyer.clientType !== 'B2C' &&
    country !== sellerCountry.toUpperCase() &&
    isEuMemberState(country) &&
    isPlausibleVatNumber(buyer.vatNumber, country)
  );
}

export function chooseCategory(
  buyer: BuyerFacts,
  sellerCountry: string,
  language: Language,
  rateBp: number,
  productCategory: 'Z' | 'E' | null,
): CategoryChoice {
  if (buyer.vatExemptionReason) {
    return { category: 'E', rateBp: 0, exemptionReasonCode: null, exemptionReason: buyer.vatExemptionReason };
  }
  if (productCategory === 'E') return { category: 'E', rateBp: 0, exemptionReasonCode: null, exemptionReason: EXEMPT_SUPPLY[language] };
  if (productCategory === 'Z') return { category: 'Z', rateBp: 0, exemptionReasonCode: null, exemptionReason: null };
  if (isIntraCommunityBuyer(buyer, sellerCountry)) {
    return { category: 'K', rateBp: 0, exemptionReasonCode: 'VATEX-EU-IC', exemptionReason: INTRA_COMMUNITY_SUPPLY[language] };
  }
  if (rateBp === 0) return { category: 'Z', rateBp: 0, exemptionReasonCode: null, exemptionReason: null };
  return { category: 'S', rateBp, exemptionReasonCode: null, exemptionReason: null };
}
