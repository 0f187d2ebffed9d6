// The legal mentions of a supply on which no Belgian VAT is charged (EN 16931 BT-120), in the
// buyer's language. The invoice states them, and the checkout, the order page, the order form and
// the confirmation mail say them before and after ordering (decision 058), from this one place.
import type { VatLanguage } from './vat-buyer';

export const INTRA_COMMUNITY_SUPPLY: Record<VatLanguage, string> = {
  en: 'Intra-Community supply – article 138 Directive 2006/112/EC',
  nl: 'Intracommunautaire levering – artikel 138 Richtlijn 2006/112/EG',
  fr: 'Livraison intracommunautaire – article 138 Directive 2006/112/CE',
};

/** A product exempt from VAT without a ground recorded on the buyer. */
export const EXEMPT_SUPPLY: Record<VatLanguage, string> = {
  en: 'Exempt from VAT – article 44 Belgian VAT Code',
  nl: 'Vrijgesteld van btw – artikel 44 Btw-Wetboek',
  fr: 'Exonéré de TVA – article 44 Code de la TVA',
};


/** Goods dispatched outside the European Union (category G). */
export const EXPORT_SUPPLY: Record<VatLanguage, string> = {
  en: 'Export outside the EU – article 146 Directive 2006/112/EC',
  nl: 'Uitvoer buiten de EU – artikel 146 Richtlijn 2006/112/EG',
  fr: 'Exportation hors de l’UE – article 146 Directive 2006/112/CE',
};
