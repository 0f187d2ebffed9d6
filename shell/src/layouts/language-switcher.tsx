import Cookies from 'js-cookie';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from '@portal/shared/router';
import { LOCALE_COOKIE_ATTRIBUTES, LOCALE_COOKIE_NAME, type Locale } from '@portal/shared/i18n';
import { SegmentedControl } from '@portal/shared/ui';
import { useLocale } from '@portal/shared/navigation';
import { switchLocaleInPath } from '../i18n/localized-path';

const CHOICES: { value: Locale; label: string }[] = [
  { value: 'en', label: 'EN' },
  { value: 'nl', label: 'NL' },
  { value: 'fr', label: 'FR' },
];

/** Switches the language, keeping the current page, and remembers the choice in the cookie. */
export function LanguageSwitcher() {
  const intl = useIntl();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <SegmentedControl
      size="xs"
      aria-label={intl.formatMessage({ id: 'nav.language' })}
      value={locale}
      data={CHOICES}
      onChange={(value) => {
        const next = value as Locale;
        Cookies.set(LOCALE_COOKIE_NAME, next, LOCALE_COOKIE_ATTRIBUTES);
        navigate(`${switchLocaleInPath(location.pathname, next)}${location.search}${location.hash}`);
      }}
    />
  );
}
