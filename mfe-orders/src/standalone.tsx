import { renderStandalone } from '@portal/shared/dev';
import { loadMessages, routes } from './routes';

renderStandalone({ remote: 'orders', routes, loadMessages });
