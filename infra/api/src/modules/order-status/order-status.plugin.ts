import { modulePlugin } from '../../http/module-plugin';
import { createOrderStatusRepository } from './order-status.repository';
import { registerOrderStatusRoutes } from './order-status.routes';
import { createOrderStatusService, type OrderDetails } from './order-status.service';

export default modulePlugin<{ orders: OrderDetails }>({ name: 'order-status', dependencies: ['order-history'] }, (api, { orders }) => {
  registerOrderStatusRoutes(api, api.routeRegistry, createOrderStatusService({ repo: createOrderStatusRepository(api.database.db), orders }));
});
