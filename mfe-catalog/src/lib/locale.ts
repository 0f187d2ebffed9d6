import { DEFAULT_LOCALE, isLocale, LOCALE_TAGS, type Locale } from '@portal/shared/i18n';
import { useLocation } from '@portal/shared/router';

/** The locale of the URL prefix (`/nl/products` → `nl`), read by the API client at call time. */
export function localeFromPath(pathname = typeof window === 'undefined' ? '/' : window.location.pathname): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

/** The current locale and its BCP 47 tag, from the router location. */
export function useLocale(): { locale: Locale; tag: string } {
  const locale = localeFromPath(useLocation().pathname);
  return { locale, tag: LOCALE_TAGS[locale] };
}
