import { modulePlugin } from '../../../http/module-plugin';
import { createAddressRepository } from './addresses.repository';
import { registerAddressRoutes } from './addresses.routes';

export default modulePlugin({ name: 'addresses' }, (api) => registerAddressRoutes(api, api.routeRegistry, createAddressRepository(api.database.db)));
