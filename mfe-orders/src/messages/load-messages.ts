import type { Locale } from '@portal/shared/i18n';
import type { Messages, RemoteRoutesModule } from '@portal/shared/routing';
import { getStatusMessages } from '@portal/shared/ui/status';

/** This remote's messages for a locale (one chunk per locale), with the design system's status labels. */
export const loadMessages: RemoteRoutesModule['loadMessages'] = async (locale: Locale): Promise<Messages> => ({
  ...getStatusMessages(locale),
  ...((await import(`./${locale}.json`)).default as Messages),
});
