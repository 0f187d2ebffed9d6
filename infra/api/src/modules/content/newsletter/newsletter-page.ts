// The small pages a newsletter link opens, in the reader's language. Plain HTML from the API: the links
// must work from any mail client without the portal's scripts.
// Following a link only asks (a page with one button); the button's POST does it. Mail scanners and
// link previews open every link in a mail, and a GET that confirmed would subscribe an address whose
// owner never chose to (double opt-in defeated) or unsubscribe one that did.
import { escapeHtml } from '../../../common/html';

export type Purpose = 'confirm' | 'unsubscribe';
type Outcome = 'confirmed' | 'unsubscribed' | 'invalid';
type Lang = 'en' | 'nl' | 'fr';

interface Question {
  title: string;
  body: (email: string) => string;
  button: string;
}

const TEXTS: Record<Lang, Record<Outcome, { title: string; body: string }> & Record<Purpose, Question> & { home: string }> = {
  en: {
    confirm: { title: 'Confirm your subscription', body: (email) => `Do you want to receive the MedTac Supply newsletter at ${email}?`, button: 'Confirm my subscription' },
    unsubscribe: { title: 'Unsubscribe from the newsletter', body: (email) => `Do you want to stop receiving the MedTac Supply newsletter at ${email}?`, button: 'Unsubscribe' },
    confirmed: { title: 'Subscription confirmed', body: 'Thank you. You will receive the MedTac Supply newsletter. Every newsletter has a link to unsubscribe.' },
    unsubscribed: { title: 'You are unsubscribed', body: 'You will no longer receive the MedTac Supply newsletter.' },
    invalid: { title: 'This link does not work', body: 'Something went wrong with subscribing to the newsletter. The link may have expired: sign up again to receive a new one.' },
    home: 'Go to the MedTac Supply portal',
  },
  nl: {
    confirm: { title: 'Bevestig uw inschrijving', body: (email) => `Wilt u de nieuwsbrief van MedTac Supply ontvangen op ${email}?`, button: 'Mijn inschrijving bevestigen' },
    unsubscribe: { title: 'Uitschrijven voor de nieuwsbrief', body: (email) => `Wilt u de nieuwsbrief van MedTac Supply niet langer ontvangen op ${email}?`, button: 'Uitschrijven' },
    confirmed: { title: 'Inschrijving bevestigd', body: 'Bedankt. U ontvangt voortaan de nieuwsbrief van MedTac Supply. Elke nieuwsbrief bevat een link om u uit te schrijven.' },
    unsubscribed: { title: 'U bent uitgeschreven', body: 'U ontvangt de nieuwsbrief van MedTac Supply niet meer.' },
    invalid: { title: 'Deze link werkt niet', body: 'Er ging iets mis bij het inschrijven op de nieuwsbrief. De link is misschien verlopen: schrijf u opnieuw in om een nieuwe te ontvangen.' },
    home: 'Naar het MedTac Supply-portaal',
  },
  fr: {
    confirm: { title: 'Confirmez votre inscription', body: (email) => `Souhaitez-vous recevoir la newsletter de MedTac Supply à l’adresse ${email} ?`, button: 'Confirmer mon inscription' },
    unsubscribe: { title: 'Se désinscrire de la newsletter', body: (email) => `Souhaitez-vous ne plus recevoir la newsletter de MedTac Supply à l’adresse ${email} ?`, button: 'Me désinscrire' },
    confirmed: { title: 'Inscription confirmée', body: 'Merci. Vous recevrez la newsletter de MedTac Supply. Chaque newsletter contient un lien de désinscription.' },
    unsubscribed: { title: 'Vous êtes désinscrit', body: 'Vous ne recevrez plus la newsletter de MedTac Supply.' },
    invalid: { title: 'Ce lien ne fonctionne pas', body: 'Un problème est survenu lors de l’inscription à la newsletter. Le lien a peut-être expiré : inscrivez-vous à nouveau pour en recevoir un nouveau.' },
    home: 'Aller au portail MedTac Supply',
  },
};

/** The page's own rules: no script at all, its inline style, and its one form posting to this origin. */
export const NEWSLETTER_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function page(lang: Lang, title: string, main: string): string {
  return [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    // A link in a mail carries the token in its query: the page must not pass it on to another site.
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)} – MedTac Supply</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a">',
    `<main><h1>${escapeHtml(title)}</h1>${main}</main>`,
    '</body></html>',
  ].join('');
}

/** What the link asks, with the one button that does it (a POST of the same signed token). */
export function newsletterQuestion(purpose: Purpose, email: string, token: string, lang: Lang): string {
  const q = TEXTS[lang][purpose];
  return page(
    lang,
    q.title,
    `<p>${escapeHtml(q.body(email))}</p>` +
      `<form method="post" action="/api/v1/newsletter/${purpose}"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `<button type="submit" style="font:inherit;padding:.5rem 1rem">${escapeHtml(q.button)}</button></form>`,
  );
}

/** What happened after the button (or why the link does not work). */
export function newsletterPage(outcome: Outcome, lang: Lang): string {
  const t = TEXTS[lang];
  const { title, body } = t[outcome];
  return page(lang, title, `<p>${escapeHtml(body)}</p><p><a href="/${lang}/">${escapeHtml(t.home)}</a></p>`);
}
