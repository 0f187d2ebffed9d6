import { modulePlugin } from '../../../http/module-plugin';
import { registerMeRoutes } from './me.routes';
import { registerPreferenceRoutes } from './preferences.routes';

export default modulePlugin({ name: 'me' }, (api) => {
  registerMeRoutes(api, api.routeRegistry);
  registerPreferenceRoutes(api, api.routeRegistry, api.database.db);
});
