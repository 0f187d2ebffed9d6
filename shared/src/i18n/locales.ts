/** The portal's locales (spec section 9); `xx` is a placeholder locale that shows message keys. */
export const LOCALES = ['en', 'nl', 'fr', 'xx'] as const;

/** One of the portal's locale codes, as used in the URL prefix. */
export type Locale = (typeof LOCALES)[number];

/** The locale used when neither the cookie nor the browser names a supported one. */
export const DEFAULT_LOCALE: Locale = 'en';

/** The BCP 47 tag of each locale, for Intl formatting and `<html lang>`. */
export const LOCALE_TAGS: Readonly<Record<Locale, string>> = {
  en: 'en-US',
  nl: 'nl-BE',
  fr: 'fr-FR',
  // The spec names the placeholder `xx-XX`, but `xx` is no language: screen readers and axe
  // (html-lang-valid) reject it. `en-XA` is English in a private-use region, the tag Chromium and
  // Android use for their own pseudo-locale (docs/decisions/017-pseudo-locale-language-tag.md).
  xx: 'en-XA',
};

/** Whether a value is one of the portal's locale codes. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
