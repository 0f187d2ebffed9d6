// Which identifier addresses a party on Peppol (BT-34 / BT-49) and which registers it legally
// (BT-30 / BT-47), by country, with the codes of the Peppol Electronic Address Scheme / ISO 6523
// ICD lists. Order of preference (decision 046): the participant id the party registered, else its
// national register number, else its VAT number under the country's VAT scheme.
import type { SchemeId } from './invoice-document';

/** VAT-number schemes of the EAS list, by country (ISO 3166-1; Greece's VAT prefix is EL). */
const VAT_SCHEMES: Record<string, string> = {
  AT: '9914', ES: '9920', BE: '9925', BG: '9926', CY: '9928', CZ: '9929', DE: '9930', EE: '9931',
  GR: '9933', HR: '9934', IE: '9935', LT: '9937', LU: '9938', LV: '9939', MT: '9943', NL: '9944',
  PL: '9945', PT: '9946', RO: '9947', SI: '9949', SK: '9950', HU: '9910', FR: '9957',
};

export interface PartyIdentifiers {
  country: string;
  vatNumber: string | null;
  enterpriseNumber: string | null;
  kvkNumber: string | null;
  oin: string | null;
  siret: string | null;
  peppolParticipantId: string | null;
  /** A public body (Dutch OIN before KvK). */
  publicBody: boolean;
  email: string | null;
}

/** `0208:0412345614` → `{ scheme: '0208', id: '0412345614' }`; null when it is not `scheme:id`. */
export function parseParticipantId(value: string | null): SchemeId | null {
  const match = value ? /^(?:iso6523-actorid-upis::)?(\d{4}|EM):(.+)$/.exec(value.trim()) : null;
  return match ? { scheme: match[1]!, id: match[2]! } : null;
}

const digits = (value: string) => value.replace(/\D/g, '');

/** The legal registration (BT-30 / BT-47): enterprise number, OIN or KvK, SIRET. */
export function legalId(p: PartyIdentifiers): SchemeId | null {
  const country = p.country.toUpperCase();
  if (country === 'BE' && p.enterpriseNumber) return { scheme: '0208', id: digits(p.enterpriseNumber).padStart(10, '0') };
  if (country === 'NL') {
    if (p.oin && (p.publicBody || !p.kvkNumber)) return { scheme: '0190', id: digits(p.oin) };
    if (p.kvkNumber) return { scheme: '0106', id: digits(p.kvkNumber) };
  }
  if (country === 'FR' && p.siret) return { scheme: '0009', id: digits(p.siret) };
  return null;
}

/** The electronic address (BT-34 / BT-49). */
export function endpoint(p: PartyIdentifiers): SchemeId {
  const registered = parseParticipantId(p.peppolParticipantId);
  if (registered) return registered;
  const legal = legalId(p);
  if (legal) return legal;
  const vatScheme = VAT_SCHEMES[p.country.toUpperCase()];
  if (p.vatNumber && vatScheme) return { scheme: vatScheme, id: p.vatNumber.replace(/[\s.]/g, '').toUpperCase() };
  // A consumer without any register number: the norm's e-mail scheme. Such a document goes by mail,
  // not over Peppol (Peppol's own list has no EM).
  if (p.email) return { scheme: 'EM', id: p.email };
  throw new Error('the buyer has no electronic address: no Peppol id, register number, VAT number or e-mail');
}
