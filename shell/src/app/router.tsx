import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from '@portal/shared/router';
import { REMOTE_MOUNTS, type Access, type LayoutName, type PageHandle } from '@portal/shared/routing';
import { Layout } from '../layouts/layout-for';
import { NotFoundPage } from '../pages/not-found';
import { CONTENT_ROUTES } from './content-routes';
import { FatalError } from './fatal-error';
import { LocaleRoot } from './locale-root';
import { PageLoader } from '../page/page-loader';
import { PageMeta } from '../page/page-meta';
import { RemoteMountRoute } from '../federation/remote-mount';
import { CUSTOMERS_ONLY_MOUNTS } from '../platform/customers-only';
import { RequireAccess } from './require-access';
import { detectVisitorLocale } from '../i18n/use-detected-locale';

// Every shell page is its own chunk, so the login page does not download the dashboard.
const HomePage = lazy(() => import('../pages/home'));
const ContentPage = lazy(() => import('../pages/content-page'));

interface Frame {
  layout: LayoutName;
  access: Access;
  /** Refused to provider staff (a customer's page). */
  customersOnly?: boolean;
  handle?: PageHandle;
}

/** A shell page in its layout, behind its access rule, with its title. */
function framed({ layout, access, customersOnly, handle }: Frame, page: ReactNode): ReactNode {
  return (
    <RequireAccess access={access} customersOnly={customersOnly}>
      <Layout name={layout}>
        <Suspense fallback={<PageLoader />}>
          {handle ? <PageMeta handle={handle}>{page}</PageMeta> : page}
        </Suspense>
      </Layout>
    </RequireAccess>
  );
}

function page<P extends object>(Component: ComponentType<P>, props: P): ReactNode {
  return <Component {...props} />;
}

/** The one route tree of the portal: locale prefix, shell pages, remote mounts, 404. */
export function createRoutes(): RouteObject[] {
  return [
    // The home page is also served at `/`: send the visitor to their language's prefix.
    { path: '/', element: <Navigate to={`/${detectVisitorLocale()}`} replace /> },
    {
      path: '/:lang',
      element: <LocaleRoot />,
      errorElement: <FatalError />,
      children: [
        { index: true, element: framed({ layout: 'default', access: 'open', handle: { titleKey: 'title.home' } }, <HomePage />) },
        ...CONTENT_ROUTES.map(({ path, titleKey, bodyKey }) => ({
          path,
          element: framed({ layout: 'default', access: 'open', handle: { titleKey } }, page(ContentPage, { titleKey, bodyKey })),
        })),
        ...REMOTE_MOUNTS.map((mount) => ({
          path: `${mount.path}/*`,
          element: framed({ layout: mount.layout, access: mount.access, customersOnly: CUSTOMERS_ONLY_MOUNTS.has(mount.path) }, <RemoteMountRoute mount={mount} notFound={<NotFoundPage />} />),
        })),
        { path: '*', element: framed({ layout: 'default', access: 'open' }, <NotFoundPage />) },
      ],
    },
  ];
}

/** The browser router over createRoutes(). */
export function createRouter() {
  return createBrowserRouter(createRoutes());
}
