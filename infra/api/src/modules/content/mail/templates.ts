// Mail and SMS texts in the recipient's language (en, nl for Belgium, fr). Each template is a
// function of its payload, so the texts and their parameters stay together and are type-checked.
import { formatCents, type MailLocale } from '@portal/shared/schemas';
import { mailLocale } from '../../../common/outbox';
import { ACCOUNT_TEMPLATES } from './account-templates';
import { APPROVAL_TEMPLATES } from './approval-templates';
import { INVOICE_TEMPLATES } from './invoice-templates';
import { RECALL_TEMPLATES } from './recall-templates';
import { escapeHtml } from '../../../common/html';

export interface RenderedMessage {
  subject: string;
  /** Plain-text body (also the SMS text). */
  text: string;
  html: string;
}

type Payload = Record<string, unknown>;
type Texts = { subject: string; lines: string[]; action?: { label: string; url: string } };
type Template = (p: Payload, link: (path: unknown) => string) => Record<MailLocale, Texts>;

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const LOCALE_TAGS: Record<MailLocale, string> = { en: 'en-US', nl: 'nl-BE', fr: 'fr-FR' };
const money = (cents: unknown, locale: MailLocale) => (typeof cents === 'number' ? formatCents(cents, LOCALE_TAGS[locale]) : '');
/** The legal mentions of an order on which no Belgian VAT is charged (decision 058), already in the mail's language. */
const vatMentions = (p: Record<string, unknown>): string[] => (Array.isArray(p.vatMentions) ? p.vatMentions.map(str) : []);

const UNIT_WORDS: Record<MailLocale, { heading: string; lot: string; expiry: string; serials: string }> = {
  en: { heading: 'In this parcel:', lot: 'lot', expiry: 'expiry', serials: 'serial numbers' },
  nl: { heading: 'In dit pakket:', lot: 'lot', expiry: 'vervaldatum', serials: 'serienummers' },
  fr: { heading: 'Dans ce colis\u00a0:', lot: 'lot', expiry: 'péremption', serials: 'numéros de série' },
};

/**
 * A shipped mail's lines (decision 070): each with its lot, expiry date and serial numbers, so the
 * buyer can trace a batch or a device from the mail alone. None in the payload: no list.
 */
function shippedUnits(lines: unknown): (locale: MailLocale) => string[] {
  const list = Array.isArray(lines) ? (lines as Record<string, unknown>[]) : [];
  return (locale) => {
    if (!list.length) return [];
    const w = UNIT_WORDS[locale];
    return [
      w.heading,
      ...list.map((l) => {
        const serials = Array.isArray(l.serialNumbers) ? l.serialNumbers.map(str) : [];
        const facts = [l.lot ? `${w.lot} ${str(l.lot)}` : null, l.expiryOn ? `${w.expiry} ${str(l.expiryOn)}` : null, serials.length ? `${w.serials} ${serials.join(', ')}` : null].filter(Boolean);
        return `${str(l.quantity)} × ${str(l.articleCode)} ${str(l.description)}${facts.length ? ` (${facts.join('; ')})` : ''}`;
      }),
    ];
  };
}

const TEMPLATES: Record<string, Template> = {
  ...ACCOUNT_TEMPLATES,
  ...APPROVAL_TEMPLATES,
  ...INVOICE_TEMPLATES,
  ...RECALL_TEMPLATES,
  'auth.login-code': (p) => ({
    en: { subject: `Your sign-in code: ${str(p.code)}`, lines: [`Your code to sign in to MedTac Supply is ${str(p.code)}.`, `It is valid for ${str(p.minutes ?? 10)} minutes. If you did not try to sign in, change your password.`] },
    nl: { subject: `Uw aanmeldcode: ${str(p.code)}`, lines: [`Uw code om aan te melden bij MedTac Supply is ${str(p.code)}.`, `De code is ${str(p.minutes ?? 10)} minuten geldig. Hebt u niet geprobeerd aan te melden? Wijzig dan uw wachtwoord.`] },
    fr: { subject: `Votre code de connexion\u00a0: ${str(p.code)}`, lines: [`Votre code pour vous connecter à MedTac Supply est ${str(p.code)}.`, `Il est valable ${str(p.minutes ?? 10)} minutes. Si vous n’avez pas essayé de vous connecter, changez votre mot de passe.`] },
  }),
  'auth.email-verification': (p, link) => ({
    en: { subject: `Verify your email address: ${str(p.code)}`, lines: [`Hello ${str(p.firstName)},`, `Your verification code is ${str(p.code)}.`, 'Enter it on the verification page, or use the button below.'], action: { label: 'Verify my email address', url: link(p.path) } },
    nl: { subject: `Bevestig uw e-mailadres: ${str(p.code)}`, lines: [`Beste ${str(p.firstName)},`, `Uw verificatiecode is ${str(p.code)}.`, 'Vul de code in op de verificatiepagina, of gebruik de knop hieronder.'], action: { label: 'Mijn e-mailadres bevestigen', url: link(p.path) } },
    fr: { subject: `Vérifiez votre adresse e-mail\u00a0: ${str(p.code)}`, lines: [`Bonjour ${str(p.firstName)},`, `Votre code de vérification est ${str(p.code)}.`, 'Saisissez-le sur la page de vérification ou utilisez le bouton ci-dessous.'], action: { label: 'Vérifier mon adresse e-mail', url: link(p.path) } },
  }),
  'auth.password-reset': (p, link) => ({
    en: { subject: 'Reset your password', lines: [`Hello ${str(p.firstName)},`, 'Someone asked to reset the password of your MedTac Supply account.', `The link works once and for ${str(p.minutes)} minutes. If it was not you, ignore this mail.`], action: { label: 'Choose a new password', url: link(p.path) } },
    nl: { subject: 'Stel uw wachtwoord opnieuw in', lines: [`Beste ${str(p.firstName)},`, 'Er werd gevraagd om het wachtwoord van uw MedTac Supply-account opnieuw in te stellen.', `De link werkt één keer en is ${str(p.minutes)} minuten geldig. Was u het niet? Dan mag u deze e-mail negeren.`], action: { label: 'Een nieuw wachtwoord kiezen', url: link(p.path) } },
    fr: { subject: 'Réinitialisez votre mot de passe', lines: [`Bonjour ${str(p.firstName)},`, 'Une réinitialisation du mot de passe de votre compte MedTac Supply a été demandée.', `Le lien fonctionne une fois, pendant ${str(p.minutes)} minutes. Si ce n’était pas vous, ignorez cet e-mail.`], action: { label: 'Choisir un nouveau mot de passe', url: link(p.path) } },
  }),
  'auth.password-changed': (p) => ({
    en: { subject: 'Your password was changed', lines: [`Hello ${str(p.firstName)},`, 'The password of your MedTac Supply account was changed and you were signed out everywhere.', 'If you did not do this, contact us at once.'] },
    nl: { subject: 'Uw wachtwoord werd gewijzigd', lines: [`Beste ${str(p.firstName)},`, 'Het wachtwoord van uw MedTac Supply-account werd gewijzigd en u werd overal afgemeld.', 'Hebt u dit niet zelf gedaan? Neem dan onmiddellijk contact met ons op.'] },
    fr: { subject: 'Votre mot de passe a été modifié', lines: [`Bonjour ${str(p.firstName)},`, 'Le mot de passe de votre compte MedTac Supply a été modifié et vous avez été déconnecté partout.', 'Si ce n’était pas vous, contactez-nous immédiatement.'] },
  }),
  'auth.account-exists': (p, link) => ({
    en: { subject: 'You already have an account', lines: ['Someone tried to register with this email address, which already has a MedTac Supply account.', 'Forgot your password? Choose a new one with the button below.'], action: { label: 'Reset my password', url: link(p.path) } },
    nl: { subject: 'U hebt al een account', lines: ['Iemand probeerde te registreren met dit e-mailadres, dat al een MedTac Supply-account heeft.', 'Wachtwoord vergeten? Kies een nieuw met de knop hieronder.'], action: { label: 'Mijn wachtwoord opnieuw instellen', url: link(p.path) } },
    fr: { subject: 'Vous avez déjà un compte', lines: ['Quelqu’un a essayé de s’inscrire avec cette adresse e-mail, qui possède déjà un compte MedTac Supply.', 'Mot de passe oublié ? Choisissez-en un nouveau avec le bouton ci-dessous.'], action: { label: 'Réinitialiser mon mot de passe', url: link(p.path) } },
  }),
  'auth.contract-request-received': (p) => ({
    en: { subject: 'We received your contract request', lines: [`Hello ${str(p.firstName)},`, `Thank you for the contract request for ${str(p.organisationName)}. Our sales team will contact you.`] },
    nl: { subject: 'We ontvingen uw contractaanvraag', lines: [`Beste ${str(p.firstName)},`, `Bedankt voor de contractaanvraag voor ${str(p.organisationName)}. Ons verkoopteam neemt contact met u op.`] },
    fr: { subject: 'Nous avons reçu votre demande de contrat', lines: [`Bonjour ${str(p.firstName)},`, `Merci pour la demande de contrat pour ${str(p.organisationName)}. Notre équipe commerciale vous contactera.`] },
  }),
  'auth.contract-request': (p) => {
    const facts = [
      `${str(p.firstName)} ${str(p.lastName)} <${str(p.email)}>, ${str(p.phone)}`,
      `${str(p.organisationName)} (${str(p.organisationType)}), VAT ${str(p.vatNumber)}`,
      str(p.address),
      `Registration ${str(p.registrationId)}`,
    ];
    return {
      en: { subject: `New contract request: ${str(p.organisationName)}`, lines: ['A new contract request is waiting for the sales team.', ...facts] },
      nl: { subject: `Nieuwe contractaanvraag: ${str(p.organisationName)}`, lines: ['Een nieuwe contractaanvraag wacht op het verkoopteam.', ...facts] },
      fr: { subject: `Nouvelle demande de contrat\u00a0: ${str(p.organisationName)}`, lines: ['Une nouvelle demande de contrat attend l’équipe commerciale.', ...facts] },
    };
  },
  // Sent when an order reaches `ordered` (on account at placement, or once paid online); the
  // order-form PDF is attached by the dispatcher (payload.attachments).
  'order.confirmation': (p, link) => ({
    en: {
      subject: `Order confirmation ${str(p.orderNumber)}`,
      lines: [
        `Hello ${str(p.firstName)},`,
        `Thank you for your order ${str(p.orderNumber)}.`,
        p.paidOnline ? 'We received your payment.' : 'It will be invoiced to your organisation.',
        `Total including VAT: ${money(p.totalCents, 'en')}`,
        ...vatMentions(p),
        'The order form is attached to this mail as a PDF.',
      ],
      action: { label: 'View your order', url: link(p.path) },
    },
    nl: {
      subject: `Orderbevestiging ${str(p.orderNumber)}`,
      lines: [
        `Beste ${str(p.firstName)},`,
        `Bedankt voor uw bestelling ${str(p.orderNumber)}.`,
        p.paidOnline ? 'We hebben uw betaling ontvangen.' : 'Ze wordt gefactureerd aan uw organisatie.',
        `Totaal incl. btw: ${money(p.totalCents, 'nl')}`,
        ...vatMentions(p),
        'De bestelbon vindt u als pdf in de bijlage van deze e-mail.',
      ],
      action: { label: 'Uw bestelling bekijken', url: link(p.path) },
    },
    fr: {
      subject: `Confirmation de commande ${str(p.orderNumber)}`,
      lines: [
        `Bonjour ${str(p.firstName)},`,
        `Merci pour votre commande ${str(p.orderNumber)}.`,
        p.paidOnline ? 'Nous avons bien reçu votre paiement.' : 'Elle sera facturée à votre organisation.',
        `Total TVA comprise\u00a0: ${money(p.totalCents, 'fr')}`,
        ...vatMentions(p),
        'Le bon de commande est joint à cet e-mail au format PDF.',
      ],
      action: { label: 'Voir votre commande', url: link(p.path) },
    },
  }),
  'orders.message': (p, link) => ({
    en: { subject: `New message on order ${str(p.orderNumber)}`, lines: [`Hello ${str(p.firstName)},`, `There is a new message on order ${str(p.orderNumber)}:`, str(p.body)], action: { label: 'Read and reply', url: link(p.path) } },
    nl: { subject: `Nieuw bericht bij bestelling ${str(p.orderNumber)}`, lines: [`Beste ${str(p.firstName)},`, `Er is een nieuw bericht bij bestelling ${str(p.orderNumber)}:`, str(p.body)], action: { label: 'Lezen en antwoorden', url: link(p.path) } },
    fr: { subject: `Nouveau message sur la commande ${str(p.orderNumber)}`, lines: [`Bonjour ${str(p.firstName)},`, `Un nouveau message a été laissé sur la commande ${str(p.orderNumber)} :`, str(p.body)], action: { label: 'Lire et répondre', url: link(p.path) } },
  }),
  'orders.problem-reported': (p, link) => ({
    en: { subject: `Delivery problem reported on order ${str(p.orderNumber)}`, lines: [`Hello ${str(p.firstName)},`, `The customer reported a problem with the delivery of order ${str(p.orderNumber)}:`, str(p.lines), str(p.description)], action: { label: 'Open the order', url: link(p.path) } },
    nl: { subject: `Leveringsprobleem gemeld bij bestelling ${str(p.orderNumber)}`, lines: [`Beste ${str(p.firstName)},`, `De klant meldde een probleem met de levering van bestelling ${str(p.orderNumber)}:`, str(p.lines), str(p.description)], action: { label: 'De bestelling openen', url: link(p.path) } },
    fr: { subject: `Problème de livraison signalé sur la commande ${str(p.orderNumber)}`, lines: [`Bonjour ${str(p.firstName)},`, `Le client a signalé un problème de livraison pour la commande ${str(p.orderNumber)} :`, str(p.lines), str(p.description)], action: { label: 'Ouvrir la commande', url: link(p.path) } },
  }),
  // A warehouse's shipment (decision 050): one mail per parcel, with its tracking link. The link is
  // the carrier's page (an https URL checked when the shipment was reported), not a portal path.
  'orders.shipped': (p, link) => {
    const units = shippedUnits(p.lines);
    const tracking = typeof p.trackingUrl === 'string' && p.trackingUrl.startsWith('https://') ? p.trackingUrl : null;
    const facts = `${str(p.carrier)} ${str(p.trackingReference)}`;
    return {
      en: {
        subject: p.complete ? `Order ${str(p.orderNumber)} has shipped` : `Part of order ${str(p.orderNumber)} has shipped`,
        lines: [
          `Hello ${str(p.firstName)},`,
          p.complete ? `Your order ${str(p.orderNumber)} left our warehouse on ${str(p.shippedOn)}.` : `Part of your order ${str(p.orderNumber)} left our warehouse on ${str(p.shippedOn)}; the rest follows.`,
          `Carrier and tracking number: ${facts}. Expected delivery: ${str(p.expectedDeliveryOn)}.`,
          ...units('en'),
          ...(tracking ? [`Track your parcel: ${tracking}`] : []),
          `Your order: ${link(p.path)}`,
        ],
        action: tracking ? { label: 'Track your parcel', url: tracking } : { label: 'View your order', url: link(p.path) },
      },
      nl: {
        subject: p.complete ? `Bestelling ${str(p.orderNumber)} is verzonden` : `Een deel van bestelling ${str(p.orderNumber)} is verzonden`,
        lines: [
          `Beste ${str(p.firstName)},`,
          p.complete ? `Uw bestelling ${str(p.orderNumber)} verliet ons magazijn op ${str(p.shippedOn)}.` : `Een deel van uw bestelling ${str(p.orderNumber)} verliet ons magazijn op ${str(p.shippedOn)}; de rest volgt.`,
          `Vervoerder en trackingnummer: ${facts}. Verwachte levering: ${str(p.expectedDeliveryOn)}.`,
          ...units('nl'),
          ...(tracking ? [`Volg uw pakket: ${tracking}`] : []),
          `Uw bestelling: ${link(p.path)}`,
        ],
        action: tracking ? { label: 'Uw pakket volgen', url: tracking } : { label: 'Uw bestelling bekijken', url: link(p.path) },
      },
      fr: {
        subject: p.complete ? `La commande ${str(p.orderNumber)} a été expédiée` : `Une partie de la commande ${str(p.orderNumber)} a été expédiée`,
        lines: [
          `Bonjour ${str(p.firstName)},`,
          p.complete ? `Votre commande ${str(p.orderNumber)} a quitté notre entrepôt le ${str(p.shippedOn)}.` : `Une partie de votre commande ${str(p.orderNumber)} a quitté notre entrepôt le ${str(p.shippedOn)}\u00a0; le reste suit.`,
          `Transporteur et numéro de suivi\u00a0: ${facts}. Livraison prévue\u00a0: ${str(p.expectedDeliveryOn)}.`,
          ...units('fr'),
          ...(tracking ? [`Suivre votre colis\u00a0: ${tracking}`] : []),
          `Votre commande\u00a0: ${link(p.path)}`,
        ],
        action: tracking ? { label: 'Suivre votre colis', url: tracking } : { label: 'Voir votre commande', url: link(p.path) },
      },
    };
  },
};

/** Names of the templates, for tests and the mailbox. */
export const TEMPLATE_NAMES = Object.keys(TEMPLATES);



/** Renders an outbox message; throws for an unknown template (a bug, kept as a failed message). */
export function renderMessage(
  message: { template: string; locale: string; payload: Payload },
  publicBaseUrl: string,
): RenderedMessage {
  const template = TEMPLATES[message.template];
  if (!template) throw new Error(`Unknown message template ${message.template}`);
  // Links in payloads are paths on the portal; only same-site paths are turned into links.
  const link = (path: unknown) => (typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? `${publicBaseUrl}${path}` : publicBaseUrl);
  const texts = template(message.payload, link)[mailLocale(message.locale)];
  const lang = mailLocale(message.locale);
  // French puts a no-break space before a colon, as the portal's screens do ("Prix : croissant").
  const colon = lang === 'fr' ? '\u00a0:' : ':';
  const text = [...texts.lines, ...(texts.action ? ['', `${texts.action.label}${colon} ${texts.action.url}`] : [])].join('\n');
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5">`,
    ...texts.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    texts.action
      ? `<p><a href="${escapeHtml(texts.action.url)}" style="background:#E94935;color:#fff;padding:8px 16px;border-radius:4px;text-decoration:none">${escapeHtml(texts.action.label)}</a></p>`
      : '',
    '</body></html>',
  ].join('');
  return { subject: texts.subject, text, html };
}

/** An SMS is the subject's information in one short line. */
export function renderSms(message: { template: string; locale: string; payload: Payload }, publicBaseUrl: string): string {
  const rendered = renderMessage(message, publicBaseUrl);
  return rendered.text.split('\n')[0] ?? rendered.subject;
}
