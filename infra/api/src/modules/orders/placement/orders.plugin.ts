// Placement: the orders module's routes and service. Its ports to other modules (the checkout's
// quote, online payment, and the stock, cart, discount and quotation ports of decision 039) are
// given by the composition root (app.ts) as options. It shares one: placing given lines
// (`orderPlacement`, modules/orders/contract.ts), which app.ts hands to the modules that receive orders.
import { enqueuePlacedOrderConfirmation } from '../../../common/order-confirmation';
import type { OrderPlacementPort } from '../contract';
import { resolveScope } from '../../../plugins/request-context';
import { modulePlugin } from '../../../http/module-plugin';
import { createIdempotencyStore } from './orders.idempotency';
import { createOrderReader } from './orders.read';
import { createOrdersRepository, type PlacementPorts } from './orders.repository';
import { registerOrderRoutes } from './orders.routes';
import { createOrdersService, type OrdersDeps } from './orders.service';

export type OrdersPorts = Pick<OrdersDeps, 'quotes' | 'payments'> & { ports: PlacementPorts };

declare module 'fastify' {
  interface FastifyInstance {
    /** Placing given lines (decorated on the /api scope): the orders' placement port, handed to other modules by app.ts. */
    orderPlacement: OrderPlacementPort;
  }
}

export default modulePlugin<OrdersPorts>({ name: 'orders', shares: true, dependencies: ['checkout', 'payments-service'] }, (api, { quotes, payments, ports }) => {
  const { database, apiEnv: env } = api;
  const service = createOrdersService({
    quotes,
    payments,
    repo: createOrdersRepository(database.db, ports),
    reader: createOrderReader(database.db, ports.budgets),
    keys: createIdempotencyStore(database.db, env.idempotencyLeaseSeconds * 1000),
    // An order on account is placed at once: its confirmation mail (with the order form) goes with
    // it, in the buyer's own language (decision 061).
    onAccountPlaced: async (tx, placed) => {
      await enqueuePlacedOrderConfirmation(tx, placed);
    },
    publicBaseUrl: env.publicBaseUrl,
    log: api.log,
    portalScope: (caller, locale) => resolveScope(database.db, caller, 'portal', locale),
  });
  api.decorate('orderPlacement', { placeLines: service.placeLines, vetSubmission: service.vetSubmission, gate: service.gate } satisfies OrderPlacementPort);
  registerOrderRoutes(api, api.routeRegistry, service);
});
