import { Fragment, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useParams, type RouteObject } from '../router';
import { isLocale, LOCALE_TAGS, providerMessages, type Locale } from '../i18n';
import { getSharedMessages } from '../i18n/shared-messages';
import { mountsOf, type Messages, type PortalRoute, type RemoteName, type RemoteRoutesModule } from '../routing';
import { Loader, PortalThemeProvider } from '../ui';
import { DialogHost, ToastHost } from '../ui/hosts';
import '../ui/styles.css';

/** What a remote passes to run on its own dev server. */
export interface StandaloneOptions extends RemoteRoutesModule {
  remote: RemoteName;
}

function WithMessages({ loadMessages, Providers = Fragment }: Pick<RemoteRoutesModule, 'loadMessages' | 'Providers'>) {
  const { lang } = useParams();
  const locale: Locale = isLocale(lang) ? lang : 'en';
  const [messages, setMessages] = useState<Messages>();
  useEffect(() => {
    void loadMessages(locale).then((own) => setMessages({ ...getSharedMessages(locale), ...own }));
  }, [locale, loadMessages]);
  if (!messages) return <Loader />;
  return (
    <IntlProvider locale={LOCALE_TAGS[locale]} messages={providerMessages(messages)} onError={() => undefined}>
      <Providers>
        <Suspense fallback={<Loader />}>
          <Outlet />
        </Suspense>
      </Providers>
    </IntlProvider>
  );
}

/**
 * Renders a remote's routes on its own dev server, without the shell: the same providers, the
 * remote's mounts under `/:lang`, missing shell texts shown as their keys. Development only.
 */
export function renderStandalone({ remote, routes, loadMessages, Providers }: StandaloneOptions): void {
  const mounts = mountsOf(remote);
  const children: RouteObject[] = mounts.map((mount) => ({
    path: mount.path,
    children: (routes.find((r) => r.path === mount.path)?.children ?? []) as RouteObject[],
  }));
  const first = mounts[0]?.path ?? '';
  const router = createBrowserRouter([
    { path: '/', element: <Navigate to={`/en/${first}`} replace /> },
    { path: '/:lang', element: <WithMessages loadMessages={loadMessages} Providers={Providers} />, children },
  ]);
  const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  createRoot(container).render(
    <StrictMode>
      <PortalThemeProvider>
        <ToastHost />
        <DialogHost>
          <RouterProvider router={router} />
        </DialogHost>
      </PortalThemeProvider>
    </StrictMode>,
  );
}

export type { PortalRoute };
