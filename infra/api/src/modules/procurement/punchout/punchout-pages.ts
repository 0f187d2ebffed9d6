// The punchout's two HTML pages, in the buyer's language: the transfer page, whose form posts the
// cart to the procurement system (submitted by a script at once, its button for a browser without
// scripts), and the refusal a used or expired link shows. Plain HTML from the API: the shell's
// Content-Security-Policy allows forms to the portal only, this page's allows the one return origin.
import { createHash } from 'node:crypto';
import { escapeHtml } from '../../../common/html';

type Lang = 'en' | 'nl' | 'fr';
export const pageLang = (locale: string): Lang => (locale === 'nl' || locale === 'fr' ? locale : 'en');

const TEXTS: Record<Lang, { title: string; body: (host: string) => string; button: string; expiredTitle: string; expiredBody: string }> = {
  en: {
    title: 'Transferring your cart',
    body: (host) => `Your cart is being sent back to your procurement system at ${host}. If nothing happens, press the button.`,
    button: 'Transfer cart',
    expiredTitle: 'This punchout link does not work',
    expiredBody: 'The link was used already or has expired. Start again from your procurement system.',
  },
  nl: {
    title: 'Uw winkelmandje wordt overgezet',
    body: (host) => `Uw winkelmandje wordt teruggestuurd naar uw aankoopsysteem op ${host}. Gebeurt er niets, klik dan op de knop.`,
    button: 'Winkelmandje overzetten',
    expiredTitle: 'Deze punchout-link werkt niet',
    expiredBody: 'De link werd al gebruikt of is verlopen. Begin opnieuw vanuit uw aankoopsysteem.',
  },
  fr: {
    title: 'Transfert de votre panier',
    body: (host) => `Votre panier est renvoyé vers votre système d’achat sur ${host}. Si rien ne se passe, cliquez sur le bouton.`,
    button: 'Transférer le panier',
    expiredTitle: 'Ce lien punchout ne fonctionne pas',
    expiredBody: 'Le lien a déjà été utilisé ou a expiré. Recommencez depuis votre système d’achat.',
  },
};

/** The one script of the transfer page; the page's policy allows exactly it (by its hash). */
const SUBMIT_SCRIPT = "document.getElementById('punchout-transfer').submit();";
const SUBMIT_SCRIPT_HASH = `sha256-${createHash('sha256').update(SUBMIT_SCRIPT).digest('base64')}`;

const STYLE = 'body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font-size:1rem;padding:.6rem 1.2rem}';

/** The transfer page's policy: its script by hash, forms to the return URL's origin only. */
export function transferPageCsp(returnOrigin: string): string {
  return `default-src 'none'; style-src 'unsafe-inline'; script-src '${SUBMIT_SCRIPT_HASH}'; form-action ${returnOrigin}; frame-ancestors 'none'; base-uri 'none'`;
}

export const REFUSAL_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The auto-submitting form: `fields` posted to `action` (into `target` when OCI named one). */
export function renderTransferPage(opts: { locale: string; action: string; target: string | null; fields: [string, string][] }): string {
  const lang = pageLang(opts.locale);
  const t = TEXTS[lang];
  const host = new URL(opts.action).host;
  const inputs = opts.fields.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');
  const target = opts.target ? ` target="${escapeHtml(opts.target)}"` : '';
  return page(
    lang,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.body(host))}</p>` +
      `<form id="punchout-transfer" method="post" action="${escapeHtml(opts.action)}" accept-charset="UTF-8" enctype="application/x-www-form-urlencoded"${target}>${inputs}` +
      `<button type="submit">${escapeHtml(t.button)}</button></form><script>${SUBMIT_SCRIPT}</script>`,
  );
}

/** A used, unknown or expired start or transfer link. */
export function renderLinkRefusal(locale: string): string {
  const lang = pageLang(locale);
  const t = TEXTS[lang];
  return page(lang, t.expiredTitle, `<h1>${escapeHtml(t.expiredTitle)}</h1><p>${escapeHtml(t.expiredBody)}</p>`);
}
