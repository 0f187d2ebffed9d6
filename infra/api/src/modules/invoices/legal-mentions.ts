// The texts an invoice must carry in the buyer's language: the VAT exemption grounds (BT-120) and
// the payment terms (BT-20). Legal wording, so it lives here and not in the PDF's labels.
import type { InvoiceDocument } from './invoice-document';

type Language = InvoiceDocument['language'];

// The VAT mentions (BT-120) are the VAT rule's (common/vat/mentions.ts): the checkout shows them too.
export { EXEMPT_SUPPLY, INTRA_COMMUNITY_SUPPLY } from '../../common/vat/mentions';

const TAGS: Record<Language, string> = { en: 'en-GB', nl: 'nl-BE', fr: 'fr-BE' };

/** A calendar day (YYYY-MM-DD) as the reader writes it: `27 december 2026`. */
function day(language: Language, iso: string): string {
  return new Intl.DateTimeFormat(TAGS[language], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));
}

/** BT-20: EN 16931 wants terms or a due date whenever something is payable (BR-CO-25). */
export function paymentTerms(language: Language, kind: InvoiceDocument['kind'], dueDate: string | null, communication: string, payableCents: number): string {
  if (kind === 'credit_note') {
    return { en: 'The credited amount is refunded or set off against an open invoice.', nl: 'Het gecrediteerde bedrag wordt terugbetaald of verrekend met een openstaande factuur.', fr: 'Le montant crédité est remboursé ou déduit d’une facture ouverte.' }[language];
  }
  if (payableCents <= 0) return { en: 'Paid at ordering.', nl: 'Betaald bij de bestelling.', fr: 'Payé à la commande.' }[language];
  if (!dueDate) {
    return {
      en: `Payable on receipt with the structured communication ${communication}.`,
      nl: `Te betalen bij ontvangst met de gestructureerde mededeling ${communication}.`,
      fr: `À payer à réception avec la communication structurée ${communication}.`,
    }[language];
  }
  const due = day(language, dueDate);
  return {
    en: `Payable by ${due} with the structured communication ${communication}.`,
    nl: `Te betalen vóór ${due} met de gestructureerde mededeling ${communication}.`,
    fr: `À payer au plus tard le ${due} avec la communication structurée ${communication}.`,
  }[language];
}

export const DISCOUNT_REASON: Record<Language, (code: string) => string> = {
  en: (code) => `Discount code ${code}`,
  nl: (code) => `Kortingscode ${code}`,
  fr: (code) => `Code de réduction ${code}`,
};

export const SHIPPING_REASON: Record<Language, string> = { en: 'Shipping', nl: 'Verzending', fr: 'Frais de livraison' };
