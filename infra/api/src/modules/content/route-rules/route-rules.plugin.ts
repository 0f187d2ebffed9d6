import { modulePlugin } from '../../../http/module-plugin';
import { createRouteRulesRepository } from './route-rules.repository';
import { registerRouteRuleRoutes } from './route-rules.routes';

export default modulePlugin({ name: 'route-rules' }, (api) => registerRouteRuleRoutes(api, api.routeRegistry, createRouteRulesRepository(api.database.db)));
