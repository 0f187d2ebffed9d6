import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useParams } from '@portal/shared/router';
import { isLocale, providerMessages, type Locale } from '@portal/shared/i18n';
import type { RemoteRoutesModule } from '@portal/shared/routing';
import { onIntlError } from '../i18n/intl-error';
import { useMessages } from '../i18n/use-messages';
import { PageLoader } from '../page/page-loader';

/** Props of RemoteIntl. */
export interface RemoteIntlProps {
  /** The remote's messages loader (of its routes or widget module). */
  loadMessages: RemoteRoutesModule['loadMessages'];
  children: ReactNode;
  /** Shown while the messages load; a page loader unless given. */
  loading?: ReactNode;
}

/** The remote's own messages layered over the shell's, for its subtree only. */
export function RemoteIntl({ loadMessages, children, loading = <PageLoader /> }: RemoteIntlProps) {
  const shell = useIntl();
  const { lang } = useParams();
  const locale: Locale = isLocale(lang) ? lang : 'en';
  const { messages, error } = useMessages(locale, loadMessages);
  const merged = useMemo(() => ({ ...shell.messages, ...messages }), [shell.messages, messages]);
  if (error) throw error;
  if (!messages) return loading;
  return (
    <IntlProvider locale={shell.locale} defaultLocale="en-US" messages={providerMessages(merged)} onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}
