import { useParams } from '@portal/shared/router';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@portal/shared/i18n';

/** The locale of the URL (`/:lang/auth/...`). */
export function useLocale(): Locale {
  const { lang } = useParams();
  return lang && isLocale(lang) ? lang : DEFAULT_LOCALE;
}
