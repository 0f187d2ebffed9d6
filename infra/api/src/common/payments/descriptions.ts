// The texts the provider shows the buyer: on Mollie's checkout (nl_BE / fr_BE / en_US) and on the
// bank statement. In the payment's language, like the rest of what the buyer sees (decision 036).
import type { PaymentLocale } from './provider';

const ORDER: Record<PaymentLocale, string> = { en: 'Order', nl: 'Bestelling', fr: 'Commande' };
const REFUND: Record<PaymentLocale, string> = { en: 'Refund of order', nl: 'Terugbetaling van bestelling', fr: 'Remboursement de la commande' };

/** A stored locale as a payment's language (anything unknown: English). */
export const paymentLocale = (locale: string): PaymentLocale => (locale === 'nl' || locale === 'fr' ? locale : 'en');

/** The payment's description: "Bestelling SO-2026-000123". */
export const paymentDescription = (locale: PaymentLocale, orderNumber: string) => `${ORDER[locale]} ${orderNumber}`;

/** The refund's description: "Remboursement de la commande SO-2026-000123". */
export const refundDescription = (locale: PaymentLocale, orderNumber: string) => `${REFUND[locale]} ${orderNumber}`;
