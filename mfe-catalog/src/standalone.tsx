import { renderStandalone } from '@portal/shared/dev';
import { loadMessages, routes } from './routes';

renderStandalone({ remote: 'catalog', routes, loadMessages });
