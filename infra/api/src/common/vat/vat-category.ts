// The EN 16931 VAT category and rate of a line, a discount share or the shipping charge
// (decisions 046 and 058): the one rule the cart, the checkout, the placed order and the invoice
// all ask. First match wins:
//   buyer exempt → E; product zero-rated or exempt → Z or E; a business buyer (B2B, B2G) in another
//   member state with a VAT number of that state's form, the goods leaving Belgium for a member
//   state → K (intra-community supply of goods, article 138 of the VAT Directive: the goods leave
//   Belgium, so it is an exempt supply, not the reverse charge AE of services and domestic cases);
//   a business buyer whose goods leave the EU → G (export, article 146); otherwise S at the rate
//   (0 % → Z). A consumer (the web shops' customers) always pays Belgian VAT.
import { EXEMPT_SUPPLY, EXPORT_SUPPLY, INTRA_COMMUNITY_SUPPLY } from './mentions';
import type { VatBuyer, VatLanguage } from './vat-buyer';
import { isEuMemberState, isPlausibleVatNumber } from './vat-number';

/** EN 16931 VAT category (the UNCL5305 subset the portal issues). */
export type VatCategory = 'S' | 'AE' | 'K' | 'Z' | 'E' | 'G';

/** The Belgian standard rate in basis points: shipping is charged at it (the shipping rates are excluding VAT). */
export const SHIPPING_VAT_RATE_BP = 2100;

export interface CategoryChoice {
  category: VatCategory;
  /** The rate on the document in basis points (0 for Z, E, K and G). */
  rateBp: number;
  exemptionReasonCode: string | null;
  exemptionReason: string | null;
}

/** How the supply as a whole is taxed: decided once per order from the buyer and the destination. */
export type VatRegime = 'domestic' | 'intra_community' | 'export';

/**
 * The supply's regime: an intra-community supply (K) for a business buyer (B2B, B2G) established
 * in another member state with a VAT number of that state's form, the goods leaving the seller's
 * country for a member state (delivered in Belgium, they stay a domestic supply); an export (G) for
 * a business buyer whose goods leave the EU; else domestic.
 */
export function vatRegime(buyer: VatBuyer, deliveryCountry: string, sellerCountry: string): VatRegime {
  if (buyer.clientType === 'B2C') return 'domestic';
  const country = buyer.country.toUpperCase();
  const seller = sellerCountry.toUpperCase();
  const destination = deliveryCountry.toUpperCase();
  if (destination === seller) return 'domestic';
  if (!isEuMemberState(destination)) return 'export';
  return country !== seller && isEuMemberState(country) && isPlausibleVatNumber(buyer.vatNumber, country) ? 'intra_community' : 'domestic';
}

export function chooseCategory(
  buyer: Pick<VatBuyer, 'vatExemptionReason'>,
  regime: VatRegime | boolean,
  language: VatLanguage,
  rateBp: number,
  productCategory: 'Z' | 'E' | null,
): CategoryChoice {
  // `true`/`false`: intra-community or not (the form the invoices' tests use).
  const r: VatRegime = regime === true ? 'intra_community' : regime === false ? 'domestic' : regime;
  if (buyer.vatExemptionReason) {
    return { category: 'E', rateBp: 0, exemptionReasonCode: null, exemptionReason: buyer.vatExemptionReason };
  }
  if (productCategory === 'E') return { category: 'E', rateBp: 0, exemptionReasonCode: null, exemptionReason: EXEMPT_SUPPLY[language] };
  if (productCategory === 'Z') return { category: 'Z', rateBp: 0, exemptionReasonCode: null, exemptionReason: null };
  if (r === 'intra_community') {
    return { category: 'K', rateBp: 0, exemptionReasonCode: 'VATEX-EU-IC', exemptionReason: INTRA_COMMUNITY_SUPPLY[language] };
  }
  if (r === 'export') return { category: 'G', rateBp: 0, exemptionReasonCode: 'VATEX-EU-G', exemptionReason: EXPORT_SUPPLY[language] };
  if (rateBp === 0) return { category: 'Z', rateBp: 0, exemptionReasonCode: null, exemptionReason: null };
  return { category: 'S', rateBp, exemptionReasonCode: null, exemptionReason: null };
}

/**
 * The legal mentions of an order as placed (its stored regime and the buyer's facts): what its
 * order page, order form and confirmation mail say (decision 058). A product's own exemption is
 * stated by the invoice line by line; this names what holds for the whole order.
 */
export function orderVatMentions(regime: VatRegime | null, buyer: Pick<VatBuyer, 'vatExemptionReason'> | null, language: VatLanguage): string[] {
  if (!regime) return [];
  const choice = chooseCategory(buyer ?? { vatExemptionReason: null }, regime, language, SHIPPING_VAT_RATE_BP, null);
  return choice.exemptionReason ? [choice.exemptionReason] : [];
}
