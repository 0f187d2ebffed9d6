// The mail that carries an issued invoice or credit note to the organisation's billing address
// (issue 30, decision 048), in the organisation's language, with the PDF and the UBL attached
// (payload.attachments, resolved when the mail is delivered). Same shape as templates.ts, which
// spreads them into its table.
import { formatCents, type MailLocale } from '@portal/shared/schemas';
import { INVOICE_MAIL_TEMPLATE } from '../../../common/invoice-mail';

type Payload = Record<string, unknown>;
type Texts = { subject: string; lines: string[]; action?: { label: string; url: string } };
type Template = (p: Payload, link: (path: unknown) => string) => Record<MailLocale, Texts>;

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const TAGS: Record<MailLocale, string> = { en: 'en-GB', nl: 'nl-BE', fr: 'fr-BE' };
const money = (cents: unknown, locale: MailLocale) => (typeof cents === 'number' ? formatCents(cents, TAGS[locale]) : '');
/** A YYYY-MM-DD day written out in the reader's language ("27 December 2026", "27 december 2026", "27 décembre 2026"). */
const day = (iso: unknown, locale: MailLocale) =>
  typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(iso)
    ? new Intl.DateTimeFormat(TAGS[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`))
    : '';

export const INVOICE_TEMPLATES: Record<string, Template> = {
  [INVOICE_MAIL_TEMPLATE]: (p, link) => {
    const credit = p.kind === 'credit_note';
    const n = str(p.number);
    // An invoice paid at placement has no due date and nothing left to pay.
    const due = credit ? null : p.dueDate ? p.dueDate : null;
    const amount = (l: MailLocale) => money(p.totalCents, l);
    return {
      en: {
        subject: `${credit ? 'Credit note' : 'Invoice'} ${n} from MedTac Supply`,
        lines: [
          'Hello,',
          credit
            ? `Please find attached credit note ${n} of ${amount('en')}.`
            : due
              ? `Please find attached invoice ${n} of ${amount('en')}, to be paid by ${day(due, 'en')}.`
              : `Please find attached invoice ${n} of ${amount('en')}. It has already been paid.`,
          'The PDF is for reading and printing; the XML file is the same document as a Peppol BIS Billing 3.0 e-invoice for your accounting software.',
        ],
        action: { label: 'View your invoices', url: link(p.path) },
      },
      nl: {
        subject: `${credit ? 'Creditnota' : 'Factuur'} ${n} van MedTac Supply`,
        lines: [
          'Beste klant,',
          credit
            ? `In de bijlage vindt u creditnota ${n} van ${amount('nl')}.`
            : due
              ? `In de bijlage vindt u factuur ${n} van ${amount('nl')}, te betalen uiterlijk op ${day(due, 'nl')}.`
              : `In de bijlage vindt u factuur ${n} van ${amount('nl')}. Ze is al betaald.`,
          'De pdf is om te lezen en af te drukken; het XML-bestand is hetzelfde document als Peppol BIS Billing 3.0-e-factuur voor uw boekhoudpakket.',
        ],
        action: { label: 'Uw facturen bekijken', url: link(p.path) },
      },
      fr: {
        subject: `${credit ? 'Note de crédit' : 'Facture'} ${n} de MedTac Supply`,
        lines: [
          'Bonjour,',
          credit
            ? `Veuillez trouver ci-joint la note de crédit ${n} d’un montant de ${amount('fr')}.`
            : due
              ? `Veuillez trouver ci-joint la facture ${n} d’un montant de ${amount('fr')}, à payer au plus tard le ${day(due, 'fr')}.`
              : `Veuillez trouver ci-joint la facture ${n} d’un montant de ${amount('fr')}. Elle a déjà été payée.`,
          'Le PDF se lit et s’imprime. Le fichier XML est le même document au format de facture électronique Peppol BIS Billing 3.0, pour votre logiciel comptable.',
        ],
        action: { label: 'Voir vos factures', url: link(p.path) },
      },
    };
  },
};
