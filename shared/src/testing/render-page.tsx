// Renders a remote's page as the shell does: theme, dialog and toast hosts, a query client with the
// portal's defaults, intl with the shared messages plus the remote's, and a router at the page's
// URL. The window's URL is set to it too, so code that reads `location` (the API client's language,
// the shop of a host name) sees the same page.
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { LOCALE_TAGS, isLocale, providerMessages, type Locale, type Messages } from '../i18n';
import { getSharedMessages } from '../i18n/shared-messages';
import { createQueryClient } from '../query/create-query-client';
import { RouterProvider, type RouteObject } from '../router';
import { createMemoryRouter } from '../router/memory-router';
import type { PortalRoute, RemoteProviders } from '../routing/remote-module';
import { PortalThemeProvider } from '../ui/theme-provider/portal-theme-provider';
import { DialogHost, ToastHost } from '../ui/hosts';

/** How to render a page. */
export interface RenderPageOptions {
  /** The remote's messages per locale (its `messages/*.json`), merged over the shared ones. */
  messages?: Partial<Record<Locale, Messages>>;
  /** Messages the shell would bring (page titles), the same in every locale. */
  shellMessages?: Messages;
  /**
   * The route pattern the page is mounted at (`/:lang/auth/login`, `/:lang/my-products/:slug`);
   * by default the URL's own path. Any other path renders "elsewhere" (`data-testid="elsewhere"`).
   */
  path?: string;
  /** Extra routes (the pages a link or a redirect leads to). */
  routes?: RouteObject[];
  /** A query client of the test's own (to look into the cache); by default a fresh one. */
  queryClient?: QueryClient;
  /**
   * A remote's own `Providers` (its exposed module's) in place of the test's query client, as the
   * shell mounts a remote (decision 033): the page then has only what its remote brings. The
   * returned `queryClient` is then not the page's.
   */
  providers?: RemoteProviders;
}

function localeOf(url: string): Locale {
  const first = url.split('/')[1] ?? '';
  return isLocale(first) ? first : 'en';
}

/** The test's query client around `children`, or nothing when a remote brings its own. */
function TestQueryClient({ client, children }: { client: QueryClient | null; children: ReactNode }) {
  return client ? <QueryClientProvider client={client}>{children}</QueryClientProvider> : children;
}

/** The shell's providers around a router. */
function renderRouter(routes: RouteObject[], url: string, options: RenderPageOptions) {
  const locale = localeOf(url);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  globalThis.history?.replaceState(null, '', url);
  const queryClient = options.queryClient ?? createQueryClient();
  const messages = { ...getSharedMessages(locale), ...options.shellMessages, ...options.messages?.[locale] };
  // Pages are lazy chunks, as in the shell.
  const pages = (
    <Suspense fallback={<p role="status">loading page</p>}>
      <RouterProvider router={router} />
    </Suspense>
  );
  // A remote's own providers sit around its pages only, as in the shell: the dialog and toast hosts
  // are the shell's, outside them. The test's query client wraps everything, as the shell's root did.
  const Own = options.providers;
  const view = render(
    <PortalThemeProvider env="test">
      <TestQueryClient client={Own ? null : queryClient}>
        <IntlProvider locale={LOCALE_TAGS[locale]} messages={providerMessages(messages)} onError={() => undefined}>
          <DialogHost>{Own ? <Own>{pages}</Own> : pages}</DialogHost>
          <ToastHost />
        </IntlProvider>
      </TestQueryClient>
    </PortalThemeProvider>,
  );
  return { ...view, router, queryClient };
}

const elsewhere = <p data-testid="elsewhere">elsewhere</p>;

/** Renders `element` at `url` (e.g. `/nl/auth/register`, `/en/my-products?page=2`). */
export function renderPage(element: ReactElement, url: string, options: RenderPageOptions = {}) {
  const pathname = url.split('?')[0]!;
  return renderRouter(
    [{ path: options.path ?? pathname, element }, ...(options.routes ?? []), { path: '*', element: elsewhere }],
    url,
    options,
  );
}

/**
 * Renders a remote's `routes` (its `./routes` module) mounted as the shell mounts them, below
 * `/:lang`, at `url` (`/nl/my-orders`): a route-level test of the remote.
 */
export function renderRoutes(routes: PortalRoute[], url: string, options: Omit<RenderPageOptions, 'path' | 'routes'> = {}) {
  return renderRouter([{ path: '/:lang', children: routes as RouteObject[] }, { path: '*', element: elsewhere }], url, options);
}
