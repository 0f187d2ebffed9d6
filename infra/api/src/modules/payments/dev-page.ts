// The development provider's hosted page: plain, server-rendered HTML in the buyer's language, with
// the order number, the amount and one button per outcome. No script; the buttons post a form.
import { formatCents, PAYMENT_ERRORS } from '@portal/shared/schemas';
import type { PaymentLocale } from '../../common/payments';
import type { PaymentRowStatus } from './payments.repository';
import { escapeHtml } from '../../common/html';

interface PageTexts {
  title: string;
  intro: string;
  orderNumber: string;
  amount: string;
  legend: string;
  paid: string;
  failed: string;
  cancelled: string;
  expire: string;
  finished: (status: string) => string;
  back: string;
  /** The page opened by a browser that is not the payer's session (403 PAYMENT_NOT_YOURS). */
  notYours: { title: string; body: string };
  /** The page opened with an expired session (401 PAYMENT_SESSION_ENDED): the payment lasts longer than a token. */
  sessionEnded: { title: string; body: string };
  statuses: Record<Exclude<PaymentRowStatus, 'pending'>, string>;
}

const TEXTS: Record<PaymentLocale, PageTexts> = {
  en: {
    title: 'Test payment',
    intro: 'This page stands in for a payment provider during development. No money is moved.',
    orderNumber: 'Order number',
    amount: 'Amount',
    legend: 'Choose the outcome of the payment',
    paid: 'Paid',
    failed: 'Failed',
    cancelled: 'Cancelled',
    expire: 'Let it expire',
    finished: (s) => `This payment is finished: ${s}.`,
    back: 'Back to your order',
    notYours: { title: 'Not your payment', body: 'This payment page opens only for the account that placed the order. Sign in with that account and open the page again.' },
    sessionEnded: { title: 'Your session has ended', body: 'Your session has ended: sign in again and reopen the payment from your order.' },
    statuses: { paid: 'paid', failed: 'failed', cancelled: 'cancelled', expired: 'expired' },
  },
  nl: {
    title: 'Testbetaling',
    intro: 'Deze pagina speelt tijdens de ontwikkeling de rol van de betaalprovider. Er wordt geen geld overgemaakt.',
    orderNumber: 'Bestelnummer',
    amount: 'Bedrag',
    legend: 'Kies de uitkomst van de betaling',
    paid: 'Betaald',
    failed: 'Mislukt',
    cancelled: 'Geannuleerd',
    expire: 'Laten verlopen',
    finished: (s) => `Deze betaling is afgerond: ${s}.`,
    back: 'Terug naar uw bestelling',
    notYours: { title: 'Niet uw betaling', body: 'Deze betaalpagina opent alleen voor het account dat de bestelling plaatste. Meld u aan met dat account en open de pagina opnieuw.' },
    sessionEnded: { title: 'Uw sessie is afgelopen', body: 'Uw sessie is afgelopen: meld u opnieuw aan en open de betaling opnieuw vanuit uw bestelling.' },
    statuses: { paid: 'betaald', failed: 'mislukt', cancelled: 'geannuleerd', expired: 'verlopen' },
  },
  fr: {
    title: 'Paiement de test',
    intro: 'Cette page remplace le prestataire de paiement pendant le développement. Aucun argent n’est transféré.',
    orderNumber: 'Numéro de commande',
    amount: 'Montant',
    legend: 'Choisissez l’issue du paiement',
    paid: 'Payé',
    failed: 'Échoué',
    cancelled: 'Annulé',
    expire: 'Laisser expirer',
    finished: (s) => `Ce paiement est terminé : ${s}.`,
    back: 'Retour à votre commande',
    notYours: { title: 'Ce paiement n’est pas le vôtre', body: 'Cette page de paiement ne s’ouvre que pour le compte qui a passé la commande. Connectez-vous avec ce compte et ouvrez à nouveau la page.' },
    sessionEnded: { title: 'Votre session a pris fin', body: 'Votre session a pris fin : reconnectez-vous et rouvrez le paiement depuis votre commande.' },
    statuses: { paid: 'payé', failed: 'échoué', cancelled: 'annulé', expired: 'expiré' },
  },
};

const TAGS: Record<PaymentLocale, string> = { en: 'en-US', nl: 'nl-BE', fr: 'fr-FR' };


// Dark text on white and white on near-black: every pair well above the 4.5:1 contrast of WCAG AA.
const STYLE = `body{font-family:system-ui,sans-serif;color:#1a1a1a;background:#fff;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}
fieldset{border:1px solid #6b6b6b;padding:1rem}legend{font-weight:600;padding:0 .25rem}
button{font:inherit;margin:.25rem .5rem .25rem 0;padding:.5rem 1rem;border:2px solid #1a1a1a;border-radius:4px;background:#1a1a1a;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1a1a1a}button:focus-visible,a:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}a{color:#0b57d0}`;

export interface DevPageModel {
  locale: PaymentLocale;
  orderNumber: string;
  amountCents: number;
  status: PaymentRowStatus;
  /** The buyer's order page (same site). */
  orderPath: string;
}

export function renderDevPage(model: DevPageModel): string {
  const t = TEXTS[model.locale];
  const amount = formatCents(model.amountCents, TAGS[model.locale]);
  const body =
    model.status === 'pending'
      ? `<form method="post"><fieldset><legend>${escapeHtml(t.legend)}</legend>
<button type="submit" name="outcome" value="paid">${escapeHtml(t.paid)}</button>
<button type="submit" name="outcome" value="failed" class="secondary">${escapeHtml(t.failed)}</button>
<button type="submit" name="outcome" value="cancelled" class="secondary">${escapeHtml(t.cancelled)}</button>
<button type="submit" name="outcome" value="expire" class="secondary">${escapeHtml(t.expire)}</button>
</fieldset></form>`
      : `<p role="status">${escapeHtml(t.finished(t.statuses[model.status]))}</p><p><a href="${escapeHtml(model.orderPath)}">${escapeHtml(t.back)}</a></p>`;
  return `<!doctype html>
<html lang="${model.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${t.title} · ${model.orderNumber}`)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro)}</p>
<dl><dt>${escapeHtml(t.orderNumber)}</dt><dd>${escapeHtml(model.orderNumber)}</dd><dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(amount)}</dd></dl>
${body}</main></body></html>`;
}

/**
 * The refusal a browser sees instead of the page, in the order's language: 401 PAYMENT_SESSION_ENDED
 * (the payer's session expired) or 403 PAYMENT_NOT_YOURS.
 */
export function renderDevRefusal(locale: PaymentLocale, code: string): string {
  const t = code === PAYMENT_ERRORS.SESSION_ENDED ? TEXTS[locale].sessionEnded : TEXTS[locale].notYours;
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head>
<body><main data-code="${escapeHtml(code)}"><h1>${escapeHtml(t.title)}</h1><p role="alert">${escapeHtml(t.body)}</p></main></body></html>`;
}
