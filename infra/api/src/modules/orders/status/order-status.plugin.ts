import type { InvoicingPort } from '../../invoices/contract';
import type { EventsPort } from '../../integration-events/contract';
import { modulePlugin } from '../../../http/module-plugin';
import { createOrderStatusRepository } from './order-status.repository';
import { registerOrderStatusRoutes } from './order-status.routes';
import { createOrderStatusService, type OrderDetails } from './order-status.service';

/**
 * `invoicing`: the invoices module's port (decision 039), handed over by app.ts; absent: no invoice at
 * shipping. `events`: the outbox a move records its event in (decision 066).
 */
export default modulePlugin<{ orders: OrderDetails; events: EventsPort; invoicing?: Pick<InvoicingPort, 'invoiceShipment'> }>(
  { name: 'order-status', dependencies: ['order-history'] },
  (api, { orders, events, invoicing }) => {
    registerOrderStatusRoutes(api, api.routeRegistry, createOrderStatusService({ repo: createOrderStatusRepository(api.database.db, events, invoicing), orders }));
  },
);
