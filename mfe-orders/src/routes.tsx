import { lazy } from 'react';
import type { PortalRoute } from '@portal/shared/routing';

// Every page is its own chunk: the shell downloads a page's code only when it is visited.
const MyOrdersPage = lazy(() => import('./pages/my-orders'));
const OrderDetailPage = lazy(() => import('./pages/order-detail'));
const QuotationsPage = lazy(() => import('./pages/quotations'));
const QuotationDetailPage = lazy(() => import('./pages/quotation-detail'));
const InvoicesPage = lazy(() => import('./pages/invoices'));
const InvoiceDetailPage = lazy(() => import('./pages/invoice-detail'));
const ApprovalsPage = lazy(() => import('./pages/approvals'));
const ApprovalDetailPage = lazy(() => import('./pages/approval-detail'));
const UdiExportPage = lazy(() => import('./pages/udi-export'));
const FailedDeliveriesPage = lazy(() => import('./pages/failed-deliveries'));

/** The routes this remote owns, one top-level route per mount (see REMOTE_MOUNTS). */
export const routes: PortalRoute[] = [
  {
    path: 'my-orders',
    children: [
      { index: true, Component: MyOrdersPage, handle: { titleKey: 'title.my_orders' } },
      // Orders waiting for approval (issue 33): before `:slug`, which would take the word as an order number.
      { path: 'approvals', Component: ApprovalsPage, handle: { titleKey: 'title.approvals' } },
      { path: 'approvals/:id', Component: ApprovalDetailPage, handle: { titleKey: 'title.approval' } },
      // The UDIs the organisation received (decision 070): before `:slug` too.
      { path: 'udi-export', Component: UdiExportPage, handle: { titleKey: 'title.udi_export' } },
      { path: ':slug', Component: OrderDetailPage, handle: { titleKey: 'title.order' } },
    ],
  },
  {
    path: 'quotations',
    children: [
      { index: true, Component: QuotationsPage, handle: { titleKey: 'title.quotations' } },
      { path: ':id', Component: QuotationDetailPage, handle: { titleKey: 'title.quotation' } },
    ],
  },
  {
    path: 'invoices',
    children: [
      { index: true, Component: InvoicesPage, handle: { titleKey: 'title.invoices' } },
      // The staff's failed e-invoices and Despatch Advices (decision 083): before `:id`, which would take the word as an invoice id.
      { path: 'failed-deliveries', Component: FailedDeliveriesPage, handle: { titleKey: 'title.failed_deliveries' } },
      { path: ':id', Component: InvoiceDetailPage, handle: { titleKey: 'title.invoice' } },
    ],
  },
];

/** This remote's messages for a locale, one chunk per locale, with the status badges' labels. */
export { loadMessages } from './messages/load-messages';
// The portal's query cache around every page (decision 033): the shell does not provide it.
export { PortalQueryProvider as Providers } from '@portal/shared/query';
