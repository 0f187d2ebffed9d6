import en from './messages/en.json';
import fr from './messages/fr.json';
import nl from './messages/nl.json';
import type { Locale } from './locales';
import { keysAsMessages, type Messages } from './message';

/** Key of a message shipped by `@portal/shared` (design system, validation, generic errors). */
export type SharedMessageKey = keyof typeof en;

/**
 * The shared messages of each real locale, all bundled: for tests and the standalone dev harness.
 * Pages load one locale's catalog with `loadSharedMessages` (`./shared-message-chunks`).
 */
export const SHARED_MESSAGES: Readonly<Record<Exclude<Locale, 'xx'>, Messages>> = { en, nl, fr };

/**
 * The shared messages of a locale. The placeholder locale `xx` shows each key as its own text, so
 * translators and testers can see which key a screen uses.
 */
export function getSharedMessages(locale: Locale): Messages {
  // A literal AST, not the key string: production builds ship react-intl without its parser.
  if (locale === 'xx') return keysAsMessages(en);
  return SHARED_MESSAGES[locale];
}
