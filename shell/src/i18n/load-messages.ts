import { getSharedMessages, type Locale } from '@portal/shared/i18n';
import type { Messages } from '@portal/shared/routing';
import { loadServerTexts } from './server-texts';

// One chunk per locale: a Dutch visitor never downloads the French texts. xx.json is generated
// from en.json at build time (the pseudo-locale), so it is not in the repository.
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('../messages/en.json'),
  nl: () => import('../messages/nl.json'),
  fr: () => import('../messages/fr.json'),
  xx: () => import('../messages/xx.json'),
};

/**
 * Everything the shell's IntlProvider needs for a locale: the shared package's messages, the
 * shell's own, and the server-managed texts of GET /api/v1/translations on top (spec section 7).
 */
export async function loadShellMessages(locale: Locale): Promise<Messages> {
  const [own, server] = await Promise.all([loaders[locale](), loadServerTexts(locale)]);
  return { ...getSharedMessages(locale), ...own.default, ...server };
}
