// Mail texts of the approvals (issue 33): the buyer is told the decision on their order, in their
// language. Same shape as templates.ts, which spreads them into its table.
import type { MailLocale } from '@portal/shared/schemas';

type Payload = Record<string, unknown>;
type Texts = { subject: string; lines: string[]; action?: { label: string; url: string } };
type Template = (p: Payload, link: (path: unknown) => string) => Record<MailLocale, Texts>;

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));
/** The approver's comment, when there is one, as its own line. */
const commented = (p: Payload, label: string) => (typeof p.comment === 'string' && p.comment ? [`${label} ${p.comment}`] : []);

export const APPROVAL_TEMPLATES: Record<string, Template> = {
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
