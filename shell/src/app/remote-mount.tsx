import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useParams, useRoutes, type RouteObject } from '@portal/shared/router';
import { isLocale, type Locale } from '@portal/shared/i18n';
import type { PortalRoute, RemoteMount as Mount, RemoteRoutesModule } from '@portal/shared/routing';
import { loadRemoteRoutes, retryRemote } from './federation/load-remote-routes';
import { onIntlError } from './i18n/intl-error';
import { useMessages } from './i18n/use-messages';
import { PageLoader } from './page-loader';
import { PageMeta } from './page-meta';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteUnavailable } from './remote-unavailable';
import { NotFoundPage } from '../pages/not-found';

type State = { status: 'loading' } | { status: 'ready'; module: RemoteRoutesModule } | { status: 'failed' };

/** Wraps every page of a remote in PageMeta so titles work the same as for the shell's pages. */
function withMeta(routes: PortalRoute[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const { Component, element, children, handle, index, ...rest } = route;
    const page = Component ? <Component /> : element;
    const wrapped = page ? { element: <PageMeta handle={handle}>{page}</PageMeta> } : {};
    if (index) return { ...rest, ...wrapped, index: true };
    return { ...rest, ...wrapped, ...(children ? { children: withMeta(children) } : {}) };
  });
}

function RemoteRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** The remote's own messages layered over the shell's, for its subtree only. */
function RemoteIntl({ module, children }: { module: RemoteRoutesModule; children: React.ReactNode }) {
  const shell = useIntl();
  const { lang } = useParams();
  const locale: Locale = isLocale(lang) ? lang : 'en';
  const { messages, error } = useMessages(locale, module.loadMessages);
  const merged = useMemo(() => ({ ...shell.messages, ...messages }), [shell.messages, messages]);
  if (error) throw error;
  if (!messages) return <PageLoader />;
  return (
    <IntlProvider locale={shell.locale} defaultLocale="en-US" messages={merged as Record<string, string>} onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}

/**
 * Renders the routes a remote owns below one mount (e.g. `my-orders/*`), inside the shell's one
 * router. A remote that cannot load or that throws while rendering shows the unavailable panel,
 * with a retry, in its place only.
 */
export function RemoteMountRoute({ mount }: { mount: Mount }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadRemoteRoutes(mount.remote).then(
      (module) => live && setState({ status: 'ready', module }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [mount.remote, attempt]);

  const retry = useCallback(async () => {
    await retryRemote(mount.remote);
    setAttempt((n) => n + 1);
  }, [mount.remote]);

  const routes = useMemo(() => {
    if (state.status !== 'ready') return [];
    const own = state.module.routes.find((r) => r.path === mount.path);
    return [...withMeta(own?.children ?? []), { path: '*', element: <NotFoundPage /> }];
  }, [state, mount.path]);

  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'failed') return <RemoteUnavailable onRetry={retry} />;
  return (
    <RemoteErrorBoundary
      remote={mount.remote}
      fallback={(reset) => (
        <RemoteUnavailable
          onRetry={() => {
            void retry().then(reset);
          }}
        />
      )}
    >
      <RemoteIntl module={state.module}>
        <Suspense fallback={<PageLoader />}>
          <div data-remote={mount.remote}>
            <RemoteRoutes routes={routes} />
          </div>
        </Suspense>
      </RemoteIntl>
    </RemoteErrorBoundary>
  );
}
