import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

/** What `detectLocale` looks at; both are optional so it also runs on the server. */
export interface DetectLocaleInput {
  /** Value of the locale cookie, if any. */
  cookie?: string | null;
  /** The browser's preferred languages, most preferred first (`navigator.languages`). */
  navigatorLanguages?: readonly string[] | null;
}

/**
 * Picks the locale for a first visit: a valid cookie wins (the visitor chose it), then the first
 * browser language whose primary subtag we support (`nl-NL` counts as `nl`), else English.
 */
export function detectLocale({ cookie, navigatorLanguages }: DetectLocaleInput = {}): Locale {
  if (isLocale(cookie)) return cookie;
  for (const tag of navigatorLanguages ?? []) {
    const primary = tag.split('-')[0]?.toLowerCase();
    // The placeholder locale is for translators; a browser never legitimately asks for it.
    if (primary !== 'xx' && isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}
