import { renderStandalone } from '@portal/shared/dev';
import { loadMessages, routes } from './routes';

renderStandalone({ remote: 'checkout', routes, loadMessages });
