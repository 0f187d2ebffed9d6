import { modulePlugin } from '../../../http/module-plugin';
import { registerHealthRoutes } from './health.routes';

export default modulePlugin({ name: 'health' }, (api) => registerHealthRoutes(api, api.routeRegistry, api.database));
