import { modulePlugin } from '../../http/module-plugin';
import { createOrderHistoryRepository } from './order-history.repository';
import { registerOrderHistoryRoutes } from './order-history.routes';
import { createOrderHistoryService, type OrderHistoryService } from './order-history.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The order history (decorated on the /api scope): the order-status module's order port. */
    orderHistory: OrderHistoryService;
  }
}

export default modulePlugin({ name: 'order-history', shares: true }, (api) => {
  const orderHistory = createOrderHistoryService({ repo: createOrderHistoryRepository(api.database.db) });
  api.decorate('orderHistory', orderHistory);
  registerOrderHistoryRoutes(api, api.routeRegistry, orderHistory);
});
