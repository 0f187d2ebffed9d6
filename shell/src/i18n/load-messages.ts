import { loadSharedMessages, type Locale } from '@portal/shared/i18n';
import type { Messages } from '@portal/shared/routing';
import { serverMessages } from './server-messages';
import { loadServerTexts } from './server-texts';
import { shellMessageChunks as loaders } from './shell-message-chunks';

/**
 * Everything the shell's IntlProvider needs for a locale: the shared package's messages, the
 * shell's own, and the server-managed texts of GET /api/v1/translations on top (spec section 7).
 */
export async function loadShellMessages(locale: Locale): Promise<Messages> {
  const [shared, own, server] = await Promise.all([
    loadSharedMessages(locale),
    loaders[locale](),
    loadServerTexts(locale).then(serverMessages),
  ]);
  return { ...shared, ...own.default, ...server };
}
