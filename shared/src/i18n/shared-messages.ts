import en from './messages/en.json';
import fr from './messages/fr.json';
import nl from './messages/nl.json';
import type { Locale } from './locales';
import type { Messages } from './message';
import { pseudoMessages } from './pseudo-message';

/** Key of a message shipped by `@portal/shared` (design system, validation, generic errors). */
export type SharedMessageKey = keyof typeof en;

/**
 * The shared messages of each real locale, all bundled: for tests and the standalone dev harness.
 * Pages load one locale's catalog with `loadSharedMessages` (`./shared-message-chunks`).
 */
export const SHARED_MESSAGES: Readonly<Record<Exclude<Locale, 'xx'>, Messages>> = { en, nl, fr };

/**
 * The shared messages of a locale. The placeholder locale `xx` shows the English pseudo-localised
 * (accented and bracketed), like the remotes' own xx catalogs: a raw key on screen is a bug.
 */
export function getSharedMessages(locale: Locale): Messages {
  if (locale === 'xx') return pseudoMessages(en);
  return SHARED_MESSAGES[locale];
}
