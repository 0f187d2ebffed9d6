// Placement: the orders module's routes and service. Its ports to other modules (the checkout's
// quote, online payment, and the stock, cart, discount and quotation ports of decision 039) are
// given by the composition root (app.ts) as options. It shares one: placing given lines
// (`orderPlacement`, common/ports.ts), which app.ts hands to the modules that receive orders.
import { enqueuePlacedOrderConfirmation } from '../../common/order-confirmation';
import type { OrderPlacementPort } from '../../common/ports';
import { resolveScope } from '../../plugins/request-context';
import { modulePlugin } from '../../http/module-plugin';
import { createIdempotencyStore } from './orders.idempotency';
import { createOrderReader } from './orders.read';
import { createOrdersRepository, type PlacementPorts } from './orders.repository';
import { registerOrderRoutes } from './orders.routes';
import { createOrdersService, type OrdersDeps } from './orders.service';

export type OrdersPorts = Pick<OrdersDeps, 'quotes' | 'payments' | 'approvalGate'> & { ports: PlacementPorts };

declare module 'fastify' {
  interface FastifyInstance {
    /** Placing given lines (decorated on the /api scope): the orders' placement port, handed to other modules by app.ts. */
    orderPlacement: OrderPlacementPort;
  }
}

export default modulePlugin<OrdersPorts>({ name: 'orders', shares: true, dependencies: ['checkout', 'payments-service'] }, (api, { quotes, payments, ports, approvalGate }) => {
  const { database, apiEnv: env } = api;
  const service = createOrdersService({
    quotes,
    payments,
    repo: createOrdersRepository(database.db, ports),
    reader: createOrderReader(database.db),
    keys: createIdempotencyStore(database.db, env.idempotencyLeaseSeconds * 1000),
    // An order on account is placed at once: its confirmation mail (with the order form) goes with it.
    onAccountPlaced: async (tx, placed, locale) => {
      await enqueuePlacedOrderConfirmation(tx, placed, locale);
    },
    publicBaseUrl: env.publicBaseUrl,
    log: api.log,
    portalScope: (caller, locale) => resolveScope(database.db, caller, 'portal', locale),
    ...(approvalGate ? { approvalGate } : {}),
  });
  api.decorate('orderPlacement', { placeLines: service.placeLines } satisfies OrderPlacementPort);
  registerOrderRoutes(api, api.routeRegistry, service);
});
