import type { ShipmentsReadPort } from '../../common/ports';
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

/** The order's shipments come from the shipments module's read port (decision 050), handed over by app.ts. */
export default modulePlugin<{ ports?: { shipments: ShipmentsReadPort } }>({ name: 'order-history', shares: true }, (api, options) => {
  const db = api.database.db;
  const shipments = options.ports?.shipments;
  const orderHistory = createOrderHistoryService({
    repo: createOrderHistoryRepository(db),
    ...(shipments ? { shipments: (orderId: string, lines: Parameters<ShipmentsReadPort['forOrder']>[2]) => shipments.forOrder(db, orderId, lines) } : {}),
  });
  api.decorate('orderHistory', orderHistory);
  registerOrderHistoryRoutes(api, api.routeRegistry, orderHistory);
});
