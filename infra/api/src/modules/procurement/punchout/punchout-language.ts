// The language a punchout session opens in (issue 44): the one the procurement system asks, else its
// user's. OCI sends LANGUAGE as an ISO 639-1 code (`NL`, `FR`, `EN`) or as SAP's one-letter language
// key (`N`, `F`, `E`); cXML sends `xml:lang` on its root (`nl-BE`, `fr-FR`, `en-US`). A language the
// portal does not speak (`DE`, `D`) counts as not asked. Never the call's Accept-Language: the
// procurement system's server makes the call, not the buyer's browser.
import { mailLocale } from '../../../common/outbox';

export type PunchoutLanguage = 'en' | 'nl' | 'fr';

/** SAP's one-letter language keys of the portal's languages. */
const SAP_KEYS: Record<string, PunchoutLanguage> = { E: 'en', N: 'nl', F: 'fr' };

/** The language asked by an OCI LANGUAGE or a cXML xml:lang; null when none the portal speaks. */
export function askedLanguage(code: unknown): PunchoutLanguage | null {
  if (typeof code !== 'string') return null;
  const value = code.trim().toUpperCase();
  if (value.length === 1) return SAP_KEYS[value] ?? null;
  const primary = value.split(/[-_]/)[0]!.toLowerCase();
  return primary === 'en' || primary === 'nl' || primary === 'fr' ? primary : null;
}

/** The session's language: the asked one, else the user's own (users.locale). */
export function sessionLanguage(asked: PunchoutLanguage | null, userLocale: string | null | undefined): PunchoutLanguage {
  return asked ?? mailLocale(userLocale ?? 'en');
}
