import { Fragment } from 'react';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messageText, type Locale, type Messages } from '../i18n';
import { portalQueryClient } from '../query/portal-query';
import type { PortalRoute, RemoteProviders } from '../routing/remote-module';
import { renderRoutes } from './render-page';
import { routePages } from './route-pages';

/** What a route-level test of a remote needs: its `./routes` module and the shell's page titles. */
export interface RemoteRoutesUnderTest {
  /** The remote's name, for the test names. */
  name: string;
  /** Its route objects. */
  routes: PortalRoute[];
  /** Its messages loader. */
  loadMessages: (locale: Locale) => Promise<Messages>;
  /** The page titles the shell brings for these routes (`title.my_orders` -> `My orders`). */
  shellTitles: Messages;
  /**
   * Its `Providers`: the pages render with only these around them, as in the shell (decision 033).
   * Required on purpose, `undefined` for a remote without any, so that no test forgets to pass them.
   */
  Providers: RemoteProviders | undefined;
}

/**
 * A route-level test of a remote: every page of its routes renders under `/:lang` as the shell
 * mounts it, with its route's title as its h1 and an introduction from the remote's messages, and the
 * URL's language is the page's. The pages have only the remote's own `Providers` around them (no
 * query client of the test's), so a remote that forgets to provide what its pages use fails here.
 */
export function describeRemoteRoutes({ name, routes, loadMessages, shellTitles, Providers = Fragment }: RemoteRoutesUnderTest): void {
  const pages = routePages(routes);

  describe(`the ${name} routes`, () => {
    // The portal's client outlives a test: each page starts from an empty cache.
    afterEach(() => portalQueryClient().clear());

    it('has pages to visit, each with a title the shell knows', () => {
      expect(pages.length).toBeGreaterThan(0);
      for (const page of pages) expect(shellTitles[page.titleKey], page.titleKey).toBeDefined();
    });

    it.each(pages)('/en/$path shows its title and introduction', async ({ path, titleKey }) => {
      const messages = await loadMessages('en');
      renderRoutes(routes, `/en/${path}`, { messages: { en: messages }, shellMessages: shellTitles, providers: Providers });
      // The first page of a file waits for its lazy chunk: generous on a loaded machine.
      expect(await screen.findByRole('heading', { level: 1, name: messageText(shellTitles[titleKey]) }, { timeout: 15_000 })).toBeTruthy();
      const intro = Object.keys(messages).filter((key) => key.endsWith('.intro')).find((key) => screen.queryByText(messageText(messages[key])!));
      expect(intro).toBeDefined();
    });

    it("speaks the URL's language", async () => {
      const nl = await loadMessages('nl');
      renderRoutes(routes, `/nl/${pages[0]!.path}`, { messages: { nl }, shellMessages: shellTitles, providers: Providers });
      await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
      expect(Object.values(nl).some((text) => screen.queryByText(messageText(text)!))).toBe(true);
    });
  });
}
