import { modulePlugin } from '../../../http/module-plugin';
import { registerDocsRoutes } from './docs.routes';

/** Registered last: the OpenAPI document lists the routes declared before it. */
export default modulePlugin<{ version: string }>({ name: 'docs' }, (api, { version }) => registerDocsRoutes(api, api.routeRegistry, version));
