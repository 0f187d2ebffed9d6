// Orders from buyers' procurement systems (issue 34, decision 053). The orders' placement port and
// the access point are given by the composition root (app.ts): this module imports neither. XML
// bodies are read as text by a parser registered in this module's own scope only. The retry job of
// failed Order Responses starts with the app and stops before it closes, like the other jobs.
import type { BudgetPort } from '../../budgets/contract';
import type { ItemMatchingPort } from '../../catalog/contract';
import type { PeppolSendPort } from '../../invoice-delivery/contract';
import type { OrderPlacementPort } from '../../orders/contract';
import { modulePlugin } from '../../../http/module-plugin';
import { createOrderResponseRetryJob } from './order-response-retry';
import { createProcurementOrdersRepository } from './procurement-orders.repository';
import { registerProcurementOrderRoutes } from './procurement-orders.routes';
import { createProcurementOrdersService } from './procurement-orders.service';
import { XML_LIMITS } from '../protocol/xml';

export interface ProcurementOrdersOptions {
  placement: OrderPlacementPort;
  /** The cost centre a document's order is charged to (decision 059). */
  costCentres: Pick<BudgetPort, 'procurementCostCentre'>;
  /** The products an order's lines name, with their contract prices (decision 067). */
  items: ItemMatchingPort;
  accessPoint: PeppolSendPort | null;
}

export default modulePlugin<ProcurementOrdersOptions>({ name: 'procurement-orders', dependencies: ['orders'] }, (api, { placement, costCentres, items, accessPoint }) => {
  api.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string', bodyLimit: Math.max(XML_LIMITS.cxmlOrder, XML_LIMITS.peppolOrder) }, (_request, body, done) => done(null, body));
  const env = api.apiEnv;
  const seller = { peppolParticipantId: env.seller.peppolParticipantId, name: env.seller.name, country: env.seller.address.country };
  const repo = createProcurementOrdersRepository(api.database.db);
  const service = createProcurementOrdersService({
    db: api.database.db,
    repo,
    placement,
    costCentres,
    items,
    accessPoint,
    seller,
    maxResponseAttempts: env.orderResponseMaxAttempts,
    log: api.log,
  });
  registerProcurementOrderRoutes(api, api.routeRegistry, service, new URL(env.publicBaseUrl).host);
  // Interval 0 (the tests): never on its own; tests build the job and call runOnce.
  const retry = createOrderResponseRetryJob({
    repo,
    accessPoint,
    seller,
    config: { intervalMs: env.orderResponseRetryIntervalMs, maxAttempts: env.orderResponseMaxAttempts },
    log: api.log,
  });
  api.addHook('onReady', async () => retry.start());
  api.addHook('preClose', async () => retry.stop());
});
