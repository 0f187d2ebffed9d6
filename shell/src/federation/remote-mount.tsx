import { Fragment, Suspense, useCallback, useMemo, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from '@portal/shared/router';
import type { PortalRoute, RemoteMount as Mount } from '@portal/shared/routing';
import { loadRemoteRoutes } from './load-remote';
import { PageLoader } from '../page/page-loader';
import { PageMeta } from '../page/page-meta';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteIntl } from './remote-intl';
import { RemoteUnavailable } from './remote-unavailable';
import { useRemoteModule } from './use-remote-module';

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

/**
 * Renders the routes a remote owns below one mount (e.g. `my-orders/*`), inside the shell's one
 * router. A remote that cannot load or that throws while rendering shows the unavailable panel,
 * with a retry, in its place only.
 */
export function RemoteMountRoute({ mount, notFound }: { mount: Mount; /** What a path the remote does not know shows (the app's not-found page). */ notFound: ReactNode }) {
  // Stable per remote, so the hook loads once per mount.
  const load = useCallback(() => loadRemoteRoutes(mount.remote), [mount.remote]);
  const { state, retry } = useRemoteModule(mount.remote, load);

  const routes = useMemo(() => {
    if (state.status !== 'ready') return [];
    const own = state.module.routes.find((r) => r.path === mount.path);
    return [...withMeta(own?.children ?? []), { path: '*', element: notFound }];
  }, [state, mount.path, notFound]);

  if (state.status === 'loading') return <PageLoader />;
  if (state.status === 'failed') return <RemoteUnavailable onRetry={retry} />;
  // What the remote's pages need around them (its query cache, decision 033).
  const Providers = state.module.Providers ?? Fragment;
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
      <RemoteIntl loadMessages={state.module.loadMessages}>
        <Providers>
          <Suspense fallback={<PageLoader />}>
            <div data-remote={mount.remote}>
              <RemoteRoutes routes={routes} />
            </div>
          </Suspense>
        </Providers>
      </RemoteIntl>
    </RemoteErrorBoundary>
  );
}
