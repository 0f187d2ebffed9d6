import type { Locale } from '@portal/shared/i18n';
import type { Messages, RemoteRoutesModule } from '@portal/shared/routing';

/** This remote's messages for a locale, one chunk per locale, shared by its routes and widgets. */
export const loadMessages: RemoteRoutesModule['loadMessages'] = async (locale: Locale): Promise<Messages> =>
  (await import(`./${locale}.json`)).default as Messages;
