import en from './messages/en.json';
import fr from './messages/fr.json';
import nl from './messages/nl.json';
import type { Locale } from './locales';

/** Key of a message shipped by `@portal/shared` (design system, validation, generic errors). */
export type SharedMessageKey = keyof typeof en;

/** Flat ICU messages, key -> text, as react-intl takes them. */
export type Messages = Readonly<Record<string, string>>;

/** The shared messages of each real locale. */
export const SHARED_MESSAGES: Readonly<Record<Exclude<Locale, 'xx'>, Messages>> = { en, nl, fr };

/**
 * The shared messages of a locale. The placeholder locale `xx` shows each key as its own text, so
 * translators and testers can see which key a screen uses.
 */
export function getSharedMessages(locale: Locale): Messages {
  if (locale === 'xx') return Object.fromEntries(Object.keys(en).map((key) => [key, key]));
  return SHARED_MESSAGES[locale];
}
