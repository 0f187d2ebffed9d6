import { renderStandalone } from '@portal/shared/dev';
import { loadMessages, Providers, routes } from './routes';

renderStandalone({ remote: 'account', routes, loadMessages, Providers });
