// Public entry of `@portal/shared/i18n`. Framework-free: React wiring (IntlProvider) is the shell's.
export { LOCALES, DEFAULT_LOCALE, LOCALE_TAGS, isLocale } from './locales';
export type { Locale } from './locales';
export {
  LOCALE_COOKIE_NAME,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  LOCALE_COOKIE_ATTRIBUTES,
} from './locale-cookie';
export { detectLocale } from './detect-locale';
export type { DetectLocaleInput } from './detect-locale';
// The catalogs themselves are lazy chunks (decision 029); tests and the dev harness read them
// synchronously from `./shared-messages`, which this entry does not export.
export { loadSharedMessages } from './shared-message-chunks';
export type { SharedMessageKey } from './shared-messages';
export { literalMessage, messageText, providerMessages } from './message';
export { pseudoMessage, pseudoMessages, pseudoServerText } from './pseudo-message';
export type { Message, Messages } from './message';
