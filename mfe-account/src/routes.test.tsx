import { describeRemoteRoutes } from '@portal/shared/testing';
import { loadMessages, Providers, routes } from './routes';

// The page titles the shell brings (its messages); each page's h1 must be its route's title.
describeRemoteRoutes({
  name: 'account',
  routes,
  loadMessages,
  Providers,
  shellTitles: {
    'title.user_info': 'User info',
    'title.contract': 'Contract and conditions',
    'title.users': 'Users',
    'title.user_new': 'New user',
    'title.user_edit': 'Edit user',
    'title.contact': 'Contact',
    'title.newsletter': 'Newsletter',
    'title.integration': 'Integration',
    'title.approval_rules': 'Approval rules',
    'title.recalls': 'Recalls',
    'title.recall': 'Recall',
    'title.cost_centres': 'Cost centres',
    'title.integration_clients': 'Integration clients',
    'title.operations': 'Operations',
  },
});
