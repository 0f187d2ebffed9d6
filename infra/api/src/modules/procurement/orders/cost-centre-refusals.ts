// What a procurement system is told when its order cannot be charged to a cost centre (issue 40,
// decision 059), in the words a person at the buyer reads (the cXML Status text, the Peppol Order
// Response's Note), in the language of the user the order is placed for. Each text ends with the
// stable code in brackets, which systems match on.
import { BUDGET_ERRORS, formatCents } from '@portal/shared/schemas';
import type { ContentLocale } from '../../../plugins/request-context';
import type { ProcurementCostCentre } from '../../budgets/contract';

type Texts = Record<ContentLocale, string>;
const TAGS: Record<ContentLocale, string> = { en: 'en-US', nl: 'nl-BE', fr: 'fr-FR' };

const TEXTS = {
  unknown: (code: string): Texts => ({
    en: `The cost centre ${code} is not one of your organisation's active cost centres`,
    nl: `Kostenplaats ${code} is geen actieve kostenplaats van uw organisatie`,
    fr: `Le centre de coûts ${code} n'est pas un centre de coûts actif de votre organisation`,
  }),
  several: (codes: string): Texts => ({
    en: `An order is charged to one cost centre; this order names several: ${codes}`,
    nl: `Een bestelling wordt op één kostenplaats geboekt; deze bestelling vermeldt er meerdere: ${codes}`,
    fr: `Une commande est imputée à un seul centre de coûts\u00a0; cette commande en indique plusieurs\u00a0: ${codes}`,
  }),
  required: (): Texts => ({
    en: 'Your organisation orders against cost centres: name one in the order, or ask your administrator to set a default cost centre for this procurement system',
    nl: 'Uw organisatie bestelt op kostenplaatsen: vermeld er een in de bestelling, of vraag uw beheerder een standaardkostenplaats in te stellen voor dit aankoopsysteem',
    fr: "Votre organisation commande sur des centres de coûts\u00a0: indiquez-en un dans la commande, ou demandez à votre administrateur de définir un centre de coûts par défaut pour ce système d'achat",
  }),
  exceeded: (code: string, left: string): Texts => ({
    en: `The order exceeds what is left of the budget of cost centre ${code} (${left} left)`,
    nl: `De bestelling overschrijdt wat er nog over is van het budget van kostenplaats ${code} (nog ${left})`,
    fr: `La commande dépasse ce qui reste du budget du centre de coûts ${code} (reste\u00a0: ${left})`,
  }),
};

/** The refusal of a document whose cost centre cannot be charged, before anything is placed. */
export function costCentreRefusal(found: Exclude<ProcurementCostCentre, { costCentreId: string | null }>, locale: ContentLocale): string {
  return found.refused === 'unknown'
    ? `${TEXTS.unknown(found.code)[locale]} (${BUDGET_ERRORS.COST_CENTRE_NOT_ALLOWED})`
    : `${TEXTS.several(found.codes.join(', '))[locale]} (${BUDGET_ERRORS.COST_CENTRE_NOT_ALLOWED})`;
}

/** A placement's budget refusal in the buyer's words; null for any other refusal. */
export function budgetRefusal(err: { code: string; extensions?: Record<string, unknown> | undefined }, locale: ContentLocale): string | null {
  if (err.code === BUDGET_ERRORS.COST_CENTRE_REQUIRED) return `${TEXTS.required()[locale]} (${err.code})`;
  if (err.code === BUDGET_ERRORS.EXCEEDED || err.code === BUDGET_ERRORS.APPROVAL_REQUIRED) {
    const code = (err.extensions?.cost_centre as { code?: string } | undefined)?.code ?? '';
    const left = typeof err.extensions?.remaining_cents === 'number' ? formatCents(err.extensions.remaining_cents, TAGS[locale]) : '';
    return `${TEXTS.exceeded(code, left)[locale]} (${err.code})`;
  }
  return null;
}
