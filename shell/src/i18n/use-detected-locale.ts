import { useMemo } from 'react';
import Cookies from 'js-cookie';
import { LOCALE_COOKIE_NAME, detectLocale, type Locale } from '@portal/shared/i18n';

/** The visitor's locale from the stored cookie, else the browser's languages, else English. */
export function detectVisitorLocale(): Locale {
  return detectLocale({ cookie: Cookies.get(LOCALE_COOKIE_NAME), navigatorLanguages: navigator.languages });
}

/** detectVisitorLocale, computed once per mount. */
export function useDetectedLocale(): Locale {
  return useMemo(() => detectVisitorLocale(), []);
}
