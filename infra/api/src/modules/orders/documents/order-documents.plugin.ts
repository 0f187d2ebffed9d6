// The order-form PDF: the service on the root (the mail dispatcher attaches it, tests reach it),
// the download routes inside /api.
import fp from 'fastify-plugin';
import { modulePlugin } from '../../../http/module-plugin';
import type { ShipmentsReadPort } from '../../shipments/contract';
import { createOrderDocumentsRepository, type CostCentreOf } from './order-documents.repository';
import { registerOrderDocumentsRoutes } from './order-documents.routes';
import { createOrderDocumentsService, type OrderDocumentsService } from './order-documents.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The order-form PDF, rendered once per order and stored. */
    orderDocuments: OrderDocumentsService;
  }
}

/**
 * `costCentreOf`: the budgets module's port (decision 054), handed over by app.ts; the order form names the cost centre.
 * `shipments`: the shipments owner's read port; the order form states each line's delivered lots (decision 079).
 */
export const orderDocumentsService = fp<{ costCentreOf?: CostCentreOf; shipments?: ShipmentsReadPort }>(
  async (app, { costCentreOf, shipments }) => {
    const db = app.database.db;
    app.decorate(
      'orderDocuments',
      createOrderDocumentsService({
        repo: createOrderDocumentsRepository(db, costCentreOf),
        ...(shipments ? { shipments: (orderId: string, lines: Parameters<ShipmentsReadPort['forOrder']>[2]) => shipments.forOrder(db, orderId, lines) } : {}),
      }),
    );
  },
  { name: 'order-documents-service', dependencies: ['database'] },
);

export default modulePlugin({ name: 'order-documents', dependencies: ['order-documents-service'] }, (api) => {
  registerOrderDocumentsRoutes(api, api.routeRegistry, api.orderDocuments);
});
