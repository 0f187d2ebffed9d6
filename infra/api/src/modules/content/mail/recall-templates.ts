// Mail texts of recalls and field safety notices (issue 42, decision 074): each administrator of a
// receiving organisation and each buyer who ordered the units is told, in their own language, with
// the reason and instructions the supplier wrote in that language. Same shape as templates.ts,
// which spreads them into its table.
import type { MailLocale } from '@portal/shared/schemas';

type Payload = Record<string, unknown>;
type Texts = { subject: string; lines: string[]; action?: { label: string; url: string } };
type Template = (p: Payload, link: (path: unknown) => string) => Record<MailLocale, Texts>;

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const list = (value: unknown) => (Array.isArray(value) ? value.map(str).join(', ') : '');
const isNotice = (p: Payload) => p.kind === 'field_safety_notice';

/** What the recall covers, in words: the lots, how many serial numbers, the expiry range. */
function covered(p: Payload, words: { lots: string; serials: string; expiry: string; from: string; to: string }): string[] {
  const out: string[] = [];
  if (Array.isArray(p.lots) && p.lots.length) out.push(`${words.lots} ${list(p.lots)}`);
  if (typeof p.serialCount === 'number' && p.serialCount > 0) out.push(`${words.serials} ${p.serialCount}`);
  if (p.expiryFrom || p.expiryTo) out.push(`${words.expiry} ${p.expiryFrom ? `${words.from} ${str(p.expiryFrom)} ` : ''}${p.expiryTo ? `${words.to} ${str(p.expiryTo)}` : ''}`.trim());
  return out;
}

export const RECALL_TEMPLATES: Record<string, Template> = {
  'recalls.opened': (p, link) => ({
    en: {
      subject: `${isNotice(p) ? 'Field safety notice' : 'Recall'}: GTIN ${str(p.gtin)} delivered to ${str(p.organisationName)}`,
      lines: [
        `Hello ${str(p.firstName)},`,
        `${isNotice(p) ? 'A field safety notice' : 'A recall'} concerns ${str(p.units)} units we delivered to ${str(p.organisationName)}: GTIN ${str(p.gtin)}.`,
        ...covered(p, { lots: 'Lots:', serials: 'Serial numbers named:', expiry: 'Expiry dates', from: 'from', to: 'to' }),
        `Reason: ${str(p.reason)}`,
        `What to do: ${str(p.instructions)}`,
        'Please tell us in the portal how many units you hold, have used and will return.',
      ],
      action: { label: 'Answer the recall', url: link(p.path) },
    },
    nl: {
      subject: `${isNotice(p) ? 'Veiligheidsbericht' : 'Terugroeping'}: GTIN ${str(p.gtin)} geleverd aan ${str(p.organisationName)}`,
      lines: [
        `Beste ${str(p.firstName)},`,
        `${isNotice(p) ? 'Een veiligheidsbericht (FSN)' : 'Een terugroeping'} betreft ${str(p.units)} eenheden die we aan ${str(p.organisationName)} leverden: GTIN ${str(p.gtin)}.`,
        ...covered(p, { lots: 'Loten:', serials: 'Vermelde serienummers:', expiry: 'Vervaldata', from: 'van', to: 'tot' }),
        `Reden: ${str(p.reason)}`,
        `Wat u moet doen: ${str(p.instructions)}`,
        'Laat ons in het portaal weten hoeveel eenheden u nog hebt, al gebruikte en zult terugsturen.',
      ],
      action: { label: 'De terugroeping beantwoorden', url: link(p.path) },
    },
    fr: {
      subject: `${isNotice(p) ? 'Avis de sécurité' : 'Rappel'}\u00a0: GTIN ${str(p.gtin)} livré à ${str(p.organisationName)}`,
      lines: [
        `Bonjour ${str(p.firstName)},`,
        `${isNotice(p) ? 'Un avis de sécurité (FSN)' : 'Un rappel'} concerne ${str(p.units)} unités que nous avons livrées à ${str(p.organisationName)}\u00a0: GTIN ${str(p.gtin)}.`,
        ...covered(p, { lots: 'Lots\u00a0:', serials: 'Numéros de série visés\u00a0:', expiry: 'Dates de péremption', from: 'du', to: 'au' }),
        `Raison\u00a0: ${str(p.reason)}`,
        `Que faire\u00a0: ${str(p.instructions)}`,
        'Indiquez-nous dans le portail combien d’unités vous détenez, avez utilisées et nous renverrez.',
      ],
      action: { label: 'Répondre au rappel', url: link(p.path) },
    },
  }),
};
