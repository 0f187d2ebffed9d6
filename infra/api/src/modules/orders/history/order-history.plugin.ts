import type { BudgetPort } from '../../budgets/contract';
import type { ShipmentsReadPort } from '../../shipments/contract';
import { modulePlugin } from '../../../http/module-plugin';
import { createOrderHistoryRepository } from './order-history.repository';
import { registerOrderHistoryRoutes } from './order-history.routes';
import { createOrderHistoryService, type OrderHistoryService } from './order-history.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The order history (decorated on the /api scope): the order-status module's order port. */
    orderHistory: OrderHistoryService;
  }
}

/** The order's shipments come from the shipments module's read port (decision 050), its cost centre from the budgets port (054), handed over by app.ts. */
export default modulePlugin<{ ports?: { shipments: ShipmentsReadPort; budgets?: Pick<BudgetPort, 'ofOrder'> } }>({ name: 'order-history', shares: true }, (api, options) => {
  const db = api.database.db;
  const shipments = options.ports?.shipments;
  const budgets = options.ports?.budgets;
  const orderHistory = createOrderHistoryService({
    repo: createOrderHistoryRepository(db),
    ...(shipments ? { shipments: (orderId: string, lines: Parameters<ShipmentsReadPort['forOrder']>[2]) => shipments.forOrder(db, orderId, lines) } : {}),
    // The cost centre the order was charged to (decision 054).
    ...(budgets ? { costCentre: (orderId: string) => budgets.ofOrder(db, orderId) } : {}),
  });
  api.decorate('orderHistory', orderHistory);
  registerOrderHistoryRoutes(api, api.routeRegistry, orderHistory);
});
