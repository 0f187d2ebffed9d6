import { describeRemoteRoutes } from '@portal/shared/testing';
import { loadMessages, Providers, routes } from './routes';

// The page titles the shell brings (its messages); each page's h1 must be its route's title.
describeRemoteRoutes({
  name: 'orders',
  routes,
  loadMessages,
  Providers,
  shellTitles: {
    'title.my_orders': 'My orders',
    'title.order': 'Order',
    'title.quotations': 'Quotations',
    'title.quotation': 'Quotation',
    'title.invoices': 'Invoices',
    'title.invoice': 'Invoice',
    'title.approvals': 'Orders waiting for approval',
    'title.approval': 'Order waiting for approval',
    'title.udi_export': 'UDI export',
    'title.failed_deliveries': 'Failed deliveries',
  },
});
