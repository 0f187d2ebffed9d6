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
export { SHARED_MESSAGES, getSharedMessages } from './shared-messages';
export type { SharedMessageKey, Messages } from './shared-messages';
