// The small page a newsletter link opens (confirm or unsubscribe), in the reader's language. Plain
// HTML from the API: the links must work from any mail client without the portal's scripts.
type Outcome = 'confirmed' | 'unsubscribed' | 'invalid';
type Lang = 'en' | 'nl' | 'fr';

const TEXTS: Record<Lang, Record<Outcome, { title: string; body: string }> & { home: string }> = {
  en: {
    confirmed: { title: 'Subscription confirmed', body: 'Thank you. You will receive the MedTac Supply newsletter. Every newsletter has a link to unsubscribe.' },
    unsubscribed: { title: 'You are unsubscribed', body: 'You will no longer receive the MedTac Supply newsletter.' },
    invalid: { title: 'This link does not work', body: 'Something went wrong with subscribing to the newsletter. The link may have expired: sign up again to receive a new one.' },
    home: 'Go to the MedTac Supply portal',
  },
  nl: {
    confirmed: { title: 'Inschrijving bevestigd', body: 'Bedankt. U ontvangt voortaan de nieuwsbrief van MedTac Supply. Elke nieuwsbrief bevat een link om u uit te schrijven.' },
    unsubscribed: { title: 'U bent uitgeschreven', body: 'U ontvangt de nieuwsbrief van MedTac Supply niet meer.' },
    invalid: { title: 'Deze link werkt niet', body: 'Er ging iets mis bij het inschrijven op de nieuwsbrief. De link is misschien verlopen: schrijf u opnieuw in om een nieuwe te ontvangen.' },
    home: 'Naar het MedTac Supply-portaal',
  },
  fr: {
    confirmed: { title: 'Inscription confirmée', body: 'Merci. Vous recevrez la newsletter de MedTac Supply. Chaque newsletter contient un lien de désinscription.' },
    unsubscribed: { title: 'Vous êtes désinscrit', body: 'Vous ne recevrez plus la newsletter de MedTac Supply.' },
    invalid: { title: 'Ce lien ne fonctionne pas', body: 'Un problème est survenu lors de l’inscription à la newsletter. Le lien a peut-être expiré : inscrivez-vous à nouveau pour en recevoir un nouveau.' },
    home: 'Aller au portail MedTac Supply',
  },
};

export function newsletterPage(outcome: Outcome, lang: Lang): string {
  const t = TEXTS[lang];
  const { title, body } = t[outcome];
  return [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${title} – MedTac Supply</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a">',
    `<main><h1>${title}</h1><p>${body}</p><p><a href="/${lang}/">${t.home}</a></p></main>`,
    '</body></html>',
  ].join('');
}
