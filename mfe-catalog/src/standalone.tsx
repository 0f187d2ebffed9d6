import { renderStandalone } from '@portal/shared/dev';
import { loadMessages, Providers, routes } from './routes';

renderStandalone({ remote: 'catalog', routes, loadMessages, Providers });
