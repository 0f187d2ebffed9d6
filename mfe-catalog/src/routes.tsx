import { lazy } from 'react';
import type { PortalRoute } from '@portal/shared/routing';
export { loadMessages } from './messages/load-messages';
// The portal's query cache around every page (decision 033): the shell does not provide it.
export { PortalQueryProvider as Providers } from '@portal/shared/query';

// Every page is its own chunk: the shell downloads a page's code only when it is visited.
const MyProductsPage = lazy(() => import('./pages/my-products'));
const ProductDetailPage = lazy(() => import('./pages/product-detail'));
const ProductsPage = lazy(() => import('./pages/products'));
const PublicProductDetailPage = lazy(() => import('./pages/public-product-detail'));
const QuickOrderPage = lazy(() => import('./pages/quick-order'));
const OrderListsPage = lazy(() => import('./pages/order-lists'));
const OrderListPage = lazy(() => import('./pages/order-list'));

/** The routes this remote owns, one top-level route per mount (see REMOTE_MOUNTS). */
export const routes: PortalRoute[] = [
  {
    path: 'my-products',
    children: [
      { index: true, Component: MyProductsPage, handle: { titleKey: 'title.my_products' } },
      { path: ':slug', Component: ProductDetailPage, handle: { titleKey: 'title.product' } },
    ],
  },
  {
    path: 'products',
    children: [
      { index: true, Component: ProductsPage, handle: { titleKey: 'title.products' } },
      { path: ':slug', Component: PublicProductDetailPage, handle: { titleKey: 'title.product' } },
    ],
  },
  {
    path: 'quick-order',
    children: [
      { index: true, Component: QuickOrderPage, handle: { titleKey: 'title.quick_order' } },
    ],
  },
  {
    path: 'order-lists',
    children: [
      { index: true, Component: OrderListsPage, handle: { titleKey: 'title.order_lists' } },
      { path: ':id', Component: OrderListPage, handle: { titleKey: 'title.order_list' } },
    ],
  },
];
