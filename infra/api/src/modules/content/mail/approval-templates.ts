// Mail texts of the approvals (issue 33): the approvers are told an order waits for them, the buyer
// is told the decision on their order, each in their own language. Same shape as templates.ts, which
// spreads them into its table.
import { formatCents, type MailLocale } from '@portal/shared/schemas';

type Payload = Record<string, unknown>;
type Texts = { subject: string; lines: string[]; action?: { label: string; url: string } };
type Template = (p: Payload, link: (path: unknown) => string) => Record<MailLocale, Texts>;

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const TAGS: Record<MailLocale, string> = { en: 'en-US', nl: 'nl-BE', fr: 'fr-FR' };
const money = (cents: unknown, locale: MailLocale) => (typeof cents === 'number' ? formatCents(cents, TAGS[locale]) : '');
/** The approver's comment, when there is one, as its own line. */
const commented = (p: Payload, label: string) => (typeof p.comment === 'string' && p.comment ? [`${label} ${p.comment}`] : []);

export const APPROVAL_TEMPLATES: Record<string, Template> = {
  // To each approver of the organisation (not the buyer) when a request is submitted.
  'approval.submitted': (p, link) => ({
    en: {
      subject: `An order waits for your approval: ${str(p.buyerName)}`,
      lines: [`Hello ${str(p.firstName)},`, `${str(p.buyerName)} submitted an order of ${money(p.totalCents, 'en')} including VAT for approval.`, 'Approve or reject it in the portal.'],
      action: { label: 'Review the order', url: link(p.path) },
    },
    nl: {
      subject: `Een bestelling wacht op uw goedkeuring: ${str(p.buyerName)}`,
      lines: [`Beste ${str(p.firstName)},`, `${str(p.buyerName)} legde een bestelling van ${money(p.totalCents, 'nl')} incl. btw ter goedkeuring voor.`, 'Keur ze goed of wijs ze af in het portaal.'],
      action: { label: 'De bestelling bekijken', url: link(p.path) },
    },
    fr: {
      subject: `Une commande attend votre approbation\u00a0: ${str(p.buyerName)}`,
      lines: [`Bonjour ${str(p.firstName)},`, `${str(p.buyerName)} a soumis une commande de ${money(p.totalCents, 'fr')} TVA comprise pour approbation.`, 'Approuvez-la ou refusez-la dans le portail.'],
      action: { label: 'Voir la commande', url: link(p.path) },
    },
  }),
  'approval.approved': (p, link) => ({
    en: {
      subject: `Your order was approved: ${str(p.orderNumber)}`,
      lines: [`Hello ${str(p.firstName)},`, `Your order waiting for approval was approved and placed as order ${str(p.orderNumber)}.`, ...commented(p, 'Comment:')],
      action: { label: 'View the request', url: link(p.path) },
    },
    nl: {
      subject: `Uw bestelling werd goedgekeurd: ${str(p.orderNumber)}`,
      lines: [`Beste ${str(p.firstName)},`, `Uw bestelling die op goedkeuring wachtte, werd goedgekeurd en geplaatst als bestelling ${str(p.orderNumber)}.`, ...commented(p, 'Opmerking:')],
      action: { label: 'De aanvraag bekijken', url: link(p.path) },
    },
    fr: {
      subject: `Votre commande a été approuvée\u00a0: ${str(p.orderNumber)}`,
      lines: [`Bonjour ${str(p.firstName)},`, `Votre commande en attente d’approbation a été approuvée et passée sous le numéro ${str(p.orderNumber)}.`, ...commented(p, 'Commentaire\u00a0:')],
      action: { label: 'Voir la demande', url: link(p.path) },
    },
  }),
  'approval.rejected': (p, link) => ({
    en: {
      subject: 'Your order was not approved',
      lines: [`Hello ${str(p.firstName)},`, 'Your order waiting for approval was rejected; it was not placed.', ...commented(p, 'Comment:')],
      action: { label: 'View the request', url: link(p.path) },
    },
    nl: {
      subject: 'Uw bestelling werd niet goedgekeurd',
      lines: [`Beste ${str(p.firstName)},`, 'Uw bestelling die op goedkeuring wachtte, werd afgewezen; ze werd niet geplaatst.', ...commented(p, 'Opmerking:')],
      action: { label: 'De aanvraag bekijken', url: link(p.path) },
    },
    fr: {
      subject: 'Votre commande n’a pas été approuvée',
      lines: [`Bonjour ${str(p.firstName)},`, 'Votre commande en attente d’approbation a été refusée\u00a0; elle n’a pas été passée.', ...commented(p, 'Commentaire\u00a0:')],
      action: { label: 'Voir la demande', url: link(p.path) },
    },
  }),
};
