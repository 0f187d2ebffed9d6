// The EN 16931 VAT category of a line, a discount share or the shipping charge (decision 046):
//   buyer exempt → E; product zero-rated or exempt → Z or E; a business buyer (B2B, B2G) in another
//   member state with a VAT number of that state's form, the goods leaving Belgium for a member
//   state → K (intra-community supply of goods,
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

/**
 * True for an intra-community supply: a business buyer (B2B, B2G) established in another member
 * state with a VAT number of that state's form, and goods that leave the seller's country for a
 * member state (delivered in Belgium, they stay a domestic supply, S).
 */
export function isIntraCommunitySupply(buyer: BuyerFacts, deliveryCountry: string, sellerCountry: string): boolean {
  const country = buyer.country.toUpperCase();
  const seller = sellerCountry.toUpperCase();
  const destination = deliveryCountry.toUpperCase();
  return (
    buyer.clientType !== 'B2C' &&
    country !== seller &&
    isEuMemberState(country) &&
    isPlausibleVatNumber(buyer.vatNumber, country) &&
    destination !== seller &&
    isEuMemberState(destination)
  );
}

export function chooseCategory(
  buyer: BuyerFacts,
  intraCommunity: boolean,
  language: Language,
  rateBp: number,
  productCategory: 'Z' | 'E' | null,
): CategoryChoice {
  if (buyer.vatExemptionReason) {
    return { category: 'E', rateBp: 0, exemptionReasonCode: null, exemptionReason: buyer.vatExemptionReason };
  }
  if (productCategory === 'E') return { category: 'E', rateBp: 0, exemptionReasonCode: null, exemptionReason: EXEMPT_SUPPLY[language] };
  if (productCategory === 'Z') return { category: 'Z', rateBp: 0, exemptionReasonCode: null, exemptionReason: null };
  if (intraCommunity) {
    return { category: 'K', rateBp: 0, exemptionReasonCode: 'VATEX-EU-IC', exemptionReason: INTRA_COMMUNITY_SUPPLY[language] };
  }
  if (rateBp === 0) return { category: 'Z', rateBp: 0, exemptionReasonCode: null, exemptionReason: null };
  return { category: 'S', rateBp, exemptionReasonCode: null, exemptionReason: null };
}
