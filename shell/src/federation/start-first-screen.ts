import { isLocale } from '@portal/shared/i18n';
import { sessionStore } from '@portal/shared/session';
import { loadShellMessages } from '../i18n/load-messages';
import { loadRemoteRoutes } from './load-remote';
import { mountOfPath } from './mount-of-path';

/**
 * Starts at once, in parallel, what the page's first render will ask for one after another: the
 * shell's messages for the path's locale, and the path's remote (manifest, entry, `./routes`) with its
 * messages (decision 024). The render asks again and gets the same modules; failures are left to it
 * (it shows the unavailable panel with a retry), so they are ignored here.
 */
export function startFirstScreen(pathname: string = location.pathname): void {
  const lang = pathname.split('/')[1];
  if (!isLocale(lang)) return;
  void loadShellMessages(lang).catch(() => undefined);
  const mount = mountOfPath(pathname);
  // A signed-in page without a session sends the visitor to the login page, not to its remote.
  if (!mount || (mount.access === 'signed-in' && !sessionStore.getState().hasSession)) return;
  void loadRemoteRoutes(mount.remote)
    .then((module) => module.loadMessages(lang))
    .catch(() => undefined);
}
