import type { InvoicingPort } from '../../common/ports';
import { modulePlugin } from '../../http/module-plugin';
import { createOrderStatusRepository } from './order-status.repository';
import { registerOrderStatusRoutes } from './order-status.routes';
import { createOrderStatusService, type OrderDetails } from './order-status.service';

/** `invoicing`: the invoices module's port (decision 039), handed over by app.ts; absent: no invoice at shipping. */
export default modulePlugin<{ orders: OrderDetails; invoicing?: Pick<InvoicingPort, 'invoiceShipment'> }>(
  { name: 'order-status', dependencies: ['order-history'] },
  (api, { orders, invoicing }) => {
    registerOrderStatusRoutes(api, api.routeRegistry, createOrderStatusService({ repo: createOrderStatusRepository(api.database.db, invoicing), orders }));
  },
);
