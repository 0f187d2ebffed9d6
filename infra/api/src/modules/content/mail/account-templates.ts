// Mail texts of the account area (issue 15): email change, invitations, the contact form and the
// newsletter. Same shape as templates.ts, which spreads them into its table.
import type { MailLocale } from '@portal/shared/schemas';

type Payload = Record<string, unknown>;
type Texts = { subject: string; lines: string[]; action?: { label: string; url: string } };
type Template = (p: Payload, link: (path: unknown) => string) => Record<MailLocale, Texts>;

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** Every newsletter mail ends with its unsubscribe link. */
const unsubscribe = (p: Payload, link: (path: unknown) => string) => ({
  en: `Unsubscribe: ${link(p.unsubscribePath)}`,
  nl: `Uitschrijven: ${link(p.unsubscribePath)}`,
  fr: `Se désinscrire\u00a0: ${link(p.unsubscribePath)}`,
});

export const ACCOUNT_TEMPLATES: Record<string, Template> = {
  'account.email-change-code': (p) => ({
    en: { subject: `Confirm your new email address: ${str(p.code)}`, lines: [`Hello ${str(p.firstName)},`, `Your code to confirm this address for your MedTac Supply account is ${str(p.code)}.`, `It is valid for ${str(p.minutes)} minutes. If you did not ask for it, ignore this mail.`] },
    nl: { subject: `Bevestig uw nieuwe e-mailadres: ${str(p.code)}`, lines: [`Beste ${str(p.firstName)},`, `Uw code om dit adres voor uw MedTac Supply-account te bevestigen is ${str(p.code)}.`, `De code is ${str(p.minutes)} minuten geldig. Hebt u er niet om gevraagd? Dan mag u deze e-mail negeren.`] },
    fr: { subject: `Confirmez votre nouvelle adresse e-mail\u00a0: ${str(p.code)}`, lines: [`Bonjour ${str(p.firstName)},`, `Votre code pour confirmer cette adresse pour votre compte MedTac Supply est ${str(p.code)}.`, `Il est valable ${str(p.minutes)} minutes. Si vous ne l’avez pas demandé, ignorez cet e-mail.`] },
  }),
  'account.email-changed': (p) => ({
    en: { subject: 'Your email address was changed', lines: [`Hello ${str(p.firstName)},`, `The email address of your MedTac Supply account is now ${str(p.email)}.`, 'If you did not do this, contact us at once.'] },
    nl: { subject: 'Uw e-mailadres werd gewijzigd', lines: [`Beste ${str(p.firstName)},`, `Het e-mailadres van uw MedTac Supply-account is nu ${str(p.email)}.`, 'Hebt u dit niet zelf gedaan? Neem dan onmiddellijk contact met ons op.'] },
    fr: { subject: 'Votre adresse e-mail a été modifiée', lines: [`Bonjour ${str(p.firstName)},`, `L’adresse e-mail de votre compte MedTac Supply est désormais ${str(p.email)}.`, 'Si ce n’était pas vous, contactez-nous immédiatement.'] },
  }),
  'account.invitation': (p, link) =>
    // An administrator invites by name; the supplier's customer import has no person to name (inviterName null).
    p.inviterName
      ? {
          en: { subject: `${str(p.inviterName)} invited you to MedTac Supply`, lines: [`Hello ${str(p.firstName)},`, `${str(p.inviterName)} gave you an account for ${str(p.organisationName)} on the MedTac Supply portal.`, `Choose your password with the button below. The link works once and for ${str(p.days)} days.`], action: { label: 'Choose my password', url: link(p.path) } },
          nl: { subject: `${str(p.inviterName)} nodigde u uit voor MedTac Supply`, lines: [`Beste ${str(p.firstName)},`, `${str(p.inviterName)} maakte een account voor u aan voor ${str(p.organisationName)} op het MedTac Supply-portaal.`, `Kies uw wachtwoord met de knop hieronder. De link werkt één keer en is ${str(p.days)} dagen geldig.`], action: { label: 'Mijn wachtwoord kiezen', url: link(p.path) } },
          fr: { subject: `${str(p.inviterName)} vous a invité sur MedTac Supply`, lines: [`Bonjour ${str(p.firstName)},`, `${str(p.inviterName)} vous a créé un compte pour ${str(p.organisationName)} sur le portail MedTac Supply.`, `Choisissez votre mot de passe avec le bouton ci-dessous. Le lien fonctionne une fois, pendant ${str(p.days)} jours.`], action: { label: 'Choisir mon mot de passe', url: link(p.path) } },
        }
      : {
          en: { subject: 'Your account on the MedTac Supply portal', lines: [`Hello ${str(p.firstName)},`, `MedTac Supply opened an account for you for ${str(p.organisationName)} on its customer portal.`, `Choose your password with the button below. The link works once and for ${str(p.days)} days.`], action: { label: 'Choose my password', url: link(p.path) } },
          nl: { subject: 'Uw account op het MedTac Supply-portaal', lines: [`Beste ${str(p.firstName)},`, `MedTac Supply maakte voor u een account aan voor ${str(p.organisationName)} op zijn klantenportaal.`, `Kies uw wachtwoord met de knop hieronder. De link werkt één keer en is ${str(p.days)} dagen geldig.`], action: { label: 'Mijn wachtwoord kiezen', url: link(p.path) } },
          fr: { subject: 'Votre compte sur le portail MedTac Supply', lines: [`Bonjour ${str(p.firstName)},`, `MedTac Supply vous a créé un compte pour ${str(p.organisationName)} sur son portail client.`, `Choisissez votre mot de passe avec le bouton ci-dessous. Le lien fonctionne une fois, pendant ${str(p.days)} jours.`], action: { label: 'Choisir mon mot de passe', url: link(p.path) } },
        },
  'contact.request': (p) => {
    const facts = [`${str(p.senderName)} <${str(p.senderEmail)}>`, `${str(p.organisationName)} (${str(p.customerNumber)})`, `Type: ${str(p.type)}`, '', str(p.message)];
    return {
      en: { subject: `Contact form: ${str(p.type)} from ${str(p.organisationName)}`, lines: ['A customer sent a message through the contact form.', ...facts] },
      nl: { subject: `Contactformulier: ${str(p.type)} van ${str(p.organisationName)}`, lines: ['Een klant stuurde een bericht via het contactformulier.', ...facts] },
      fr: { subject: `Formulaire de contact\u00a0: ${str(p.type)} de ${str(p.organisationName)}`, lines: ['Un client a envoyé un message via le formulaire de contact.', ...facts] },
    };
  },
  'contact.confirmation': (p) => ({
    en: { subject: 'We received your message', lines: [`Hello ${str(p.firstName)},`, 'Thank you for your message. Your contact person will answer you as soon as possible.', 'Your message:', str(p.message)] },
    nl: { subject: 'We ontvingen uw bericht', lines: [`Beste ${str(p.firstName)},`, 'Bedankt voor uw bericht. Uw contactpersoon antwoordt u zo snel mogelijk.', 'Uw bericht:', str(p.message)] },
    fr: { subject: 'Nous avons reçu votre message', lines: [`Bonjour ${str(p.firstName)},`, 'Merci pour votre message. Votre interlocuteur vous répondra dès que possible.', 'Votre message :', str(p.message)] },
  }),
  'newsletter.confirm': (p, link) => {
    const u = unsubscribe(p, link);
    return {
      en: { subject: 'Confirm your newsletter subscription', lines: ['Someone signed this address up for the MedTac Supply newsletter.', 'Confirm with the button below. If it was not you, ignore this mail: you will receive nothing.', u.en], action: { label: 'Confirm my subscription', url: link(p.confirmPath) } },
      nl: { subject: 'Bevestig uw inschrijving op de nieuwsbrief', lines: ['Iemand schreef dit adres in op de nieuwsbrief van MedTac Supply.', 'Bevestig met de knop hieronder. Was u het niet? Negeer dan deze e-mail: u ontvangt niets.', u.nl], action: { label: 'Mijn inschrijving bevestigen', url: link(p.confirmPath) } },
      fr: { subject: 'Confirmez votre inscription à la newsletter', lines: ['Quelqu’un a inscrit cette adresse à la newsletter de MedTac Supply.', 'Confirmez avec le bouton ci-dessous. Si ce n’était pas vous, ignorez cet e-mail : vous ne recevrez rien.', u.fr], action: { label: 'Confirmer mon inscription', url: link(p.confirmPath) } },
    };
  },
  'newsletter.welcome': (p, link) => {
    const u = unsubscribe(p, link);
    return {
      en: { subject: 'Welcome to the MedTac Supply newsletter', lines: ['Your subscription is confirmed. You will receive our news about products and offers.', u.en] },
      nl: { subject: 'Welkom bij de nieuwsbrief van MedTac Supply', lines: ['Uw inschrijving is bevestigd. U ontvangt ons nieuws over producten en aanbiedingen.', u.nl] },
      fr: { subject: 'Bienvenue dans la newsletter de MedTac Supply', lines: ['Votre inscription est confirmée. Vous recevrez nos nouvelles sur les produits et les offres.', u.fr] },
    };
  },
};
