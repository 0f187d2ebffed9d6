import { lazy } from 'react';
import { Navigate } from '@portal/shared/router';
import type { PortalRoute } from '@portal/shared/routing';
export { loadMessages } from './messages/load-messages';
// The portal's query cache around every page (decision 033): the shell does not provide it.
export { PortalQueryProvider as Providers } from '@portal/shared/query';

// Every page is its own chunk: the shell downloads a page's code only when it is visited.
const OverviewPage = lazy(() => import('./pages/overview'));
const ExtraInfoPage = lazy(() => import('./pages/extra-info'));
const PersonalInfoPage = lazy(() => import('./pages/personal-info'));
const OrderStatusPage = lazy(() => import('./pages/order-status'));

/** The routes this remote owns, one top-level route per mount (see REMOTE_MOUNTS). */
export const routes: PortalRoute[] = [
  {
    path: 'checkout',
    children: [
      { index: true, element: <Navigate to="overview" replace /> },
      { path: 'overview', Component: OverviewPage, handle: { titleKey: 'title.checkout_overview' } },
      { path: 'extra-info', Component: ExtraInfoPage, handle: { titleKey: 'title.checkout_extra_info' } },
      { path: 'personal-info', Component: PersonalInfoPage, handle: { titleKey: 'title.checkout_personal_info' } },
      { path: 'order/:orderId', Component: OrderStatusPage, handle: { titleKey: 'title.order' } },
    ],
  },
];
