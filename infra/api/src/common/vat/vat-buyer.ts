// What the VAT rule needs to know of the buyer, and of where the goods go: the facts the checkout,
// the cart and the invoice all read (decision 058). The order stores them as they were when it was
// placed (`orders.vat_buyer`), so the invoice issued later is computed from the same facts.
import * as v from 'valibot';

export type VatLanguage = 'en' | 'nl' | 'fr';

/** The language of the VAT mentions for a page's or a mail's locale (the placeholder locale reads English). */
export const vatLanguage = (locale: string | null | undefined): VatLanguage => (locale === 'nl' || locale === 'fr' ? locale : 'en');

export const VatBuyerSchema = v.object({
  /** `B2B` and `B2G` are taxable persons for VAT (intra-community supply, export); `B2C` is a consumer. */
  clientType: v.picklist(['B2B', 'B2G', 'B2C']),
  /** With its country prefix, e.g. `NL123456789B01`; null when the buyer has none. */
  vatNumber: v.nullable(v.string()),
  /** ISO 3166-1 alpha-2 of establishment. */
  country: v.string(),
  /** Set when the buyer is exempt from VAT: the legal ground (category E). */
  vatExemptionReason: v.nullable(v.string()),
});
export type VatBuyer = v.InferOutput<typeof VatBuyerSchema>;

/** A web-shop consumer (or a visitor): always charged Belgian VAT. */
export const consumer = (country: string): VatBuyer => ({ clientType: 'B2C', vatNumber: null, country, vatExemptionReason: null });

/**
 * The buyer's facts from an organisation's columns (null: no organisation, a consumer) and, for a
 * consumer, the person's: the one mapping the checkout and the invoice both use.
 */
export function vatBuyerOf(
  organisation: { clientType: 'B2B' | 'B2G' | 'B2C' | null; vatNumber: string | null; country: string | null; vatExemptionReason: string | null } | null,
  fallbackCountry: string,
  personVatNumber: string | null = null,
): VatBuyer {
  if (!organisation) return { ...consumer(fallbackCountry), vatNumber: personVatNumber };
  return {
    clientType: organisation.clientType ?? 'B2C',
    vatNumber: organisation.vatNumber,
    country: (organisation.country ?? fallbackCountry).toUpperCase(),
    vatExemptionReason: organisation.vatExemptionReason,
  };
}
