// The shell's own messages, one chunk per locale: a Dutch visitor never downloads the French texts.
// Each chunk is named as @portal/shared's catalog chunk of the locale, so the two are one file
// (docs/decisions/029).
// xx.json is generated from en.json at build time (the pseudo-locale), so it is not in the repository.
// No shared package here: main.ts starts the page's locale before the federation's async boundary.
import type { Locale } from '@portal/shared/i18n';
import type { Messages } from '@portal/shared/routing';

export const shellMessageChunks: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import(/* webpackChunkName: "messages-en" */ '../messages/en.json'),
  nl: () => import(/* webpackChunkName: "messages-nl" */ '../messages/nl.json'),
  fr: () => import(/* webpackChunkName: "messages-fr" */ '../messages/fr.json'),
  xx: () => import(/* webpackChunkName: "messages-xx" */ '../messages/xx.json'),
};

/** Starts the chunk of the path's locale, if the path has one (the render asks again and gets the same module). */
export function startShellMessages(pathname: string): void {
  const locale = pathname.split('/')[1];
  if (locale && Object.hasOwn(shellMessageChunks, locale)) void shellMessageChunks[locale as Locale]().catch(() => undefined);
}
