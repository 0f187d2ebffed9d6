// The shipments module (issue 29 "Back: shipments", decision 050). The orders module's port (lock,
// move, read), the integration clients' audit record and issue 30's invoicing port are given by the composition root (app.ts).
import type { InvoicingPort, ShipmentOrdersPort } from '../../common/ports';
import { modulePlugin } from '../../http/module-plugin';
import { registerShipmentsRoutes } from './shipments.routes';
import { createShipmentsService, type RecordIntegrationWrite } from './shipments.service';

export interface ShipmentsOptions {
  ports: { shipmentOrders: ShipmentOrdersPort };
  /** The integration clients' audit record (every write by a client names it). */
  audit: RecordIntegrationWrite;
  /** Optional until the invoices module is wired: without it, shipments are recorded and not invoiced. */
  invoicing?: InvoicingPort;
}

export default modulePlugin<ShipmentsOptions>({ name: 'shipments' }, (api, { ports, audit, invoicing }) => {
  const service = createShipmentsService({ db: api.database.db, orders: ports.shipmentOrders, audit, ...(invoicing ? { invoicing } : {}) });
  registerShipmentsRoutes(api, api.routeRegistry, service);
});
