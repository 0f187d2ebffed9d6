import { renderStandalone } from '@portal/shared/dev';
import { loadMessages, Providers, routes } from './routes';

renderStandalone({ remote: 'checkout', routes, loadMessages, Providers });
