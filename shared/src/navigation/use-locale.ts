import { useLocation } from '../router';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/locales';

/** The locale of a path's prefix (`/nl/products` -> `nl`), the default outside one. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

/**
 * The locale of the current URL. Read from the path rather than a `:lang` parameter, so it also
 * works where no route names one (a widget on the shell's dashboard, a remote's own dev server).
 * Its BCP 47 tag for Intl formatting is `LOCALE_TAGS[locale]`.
 */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}
