import { describeRemoteRoutes } from '@portal/shared/testing';
import { loadMessages, Providers, routes } from './routes';

// The page titles the shell brings (its messages); each page's h1 must be its route's title.
describeRemoteRoutes({
  name: 'checkout',
  routes,
  loadMessages,
  Providers,
  shellTitles: {
    'title.checkout_overview': 'Checkout: overview',
    'title.checkout_extra_info': 'Checkout: extra information',
    'title.checkout_personal_info': 'Checkout: personal information',
    'title.order': 'Order',
  },
});
