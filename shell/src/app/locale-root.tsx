import { useEffect } from 'react';
import { IntlProvider } from 'react-intl';
import { Outlet, useParams } from '@portal/shared/router';
import { LOCALE_TAGS, isLocale, providerMessages, type Locale } from '@portal/shared/i18n';
import { loadShellMessages } from '../i18n/load-messages';
import { onIntlError } from '../i18n/intl-error';
import { useMessages } from '../i18n/use-messages';
import { BootLoader } from '../page/page-loader';
import { NotFoundPage } from '../pages/not-found';
import { useDetectedLocale } from '../i18n/use-detected-locale';
import { Hosts } from '../hosts/hosts';

/** The `/:lang` route: validates the locale and provides its messages to everything below. */
export function LocaleRoot() {
  const { lang } = useParams();
  const detected = useDetectedLocale();
  // `/foo` also matches `/:lang`: a first segment that is no locale is an unknown page.
  const locale: Locale = isLocale(lang) ? lang : detected;
  const { messages } = useMessages(locale, loadShellMessages);
  useEffect(() => {
    document.documentElement.lang = LOCALE_TAGS[locale];
  }, [locale]);
  if (!messages) return <BootLoader />;
  return (
    <IntlProvider locale={LOCALE_TAGS[locale]} defaultLocale="en-US" messages={providerMessages(messages)} onError={onIntlError}>
      <Hosts>{isLocale(lang) ? <Outlet /> : <NotFoundPage />}</Hosts>
    </IntlProvider>
  );
}
