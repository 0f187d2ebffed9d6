// The shipments module (issue 29 "Back: shipments", decision 050). The orders module's port (lock,
// move, read), the integration clients' audit record and issue 30's invoicing port are given by the composition root (app.ts).
// Decision 070 adds the shipment's documents: the Peppol Despatch Advice (delivered by the invoices'
// delivery mechanism, decision 083), the buyer's delivery note with its GS1 DataMatrix codes, and the
// hospital's UDI export.
import type { PeppolDeliveryPort } from '../invoice-delivery/contract';
import type { InvoicingPort } from '../invoices/contract';
import type { ShipmentOrdersPort } from '../orders/contract';
import type { RecallGuardPort } from '../recalls/contract';
import { modulePlugin } from '../../http/module-plugin';
import { registerShipmentsRoutes } from './shipments.routes';
import { createShipmentsService, type RecordIntegrationWrite } from './shipments.service';
import type { Tx } from '../../db/client';
import { registerDeliveryNoteRoutes } from './delivery-note/delivery-note.routes';
import { createDeliveryNoteService } from './delivery-note/delivery-note.service';
import { gs1DataMatrixPng } from './delivery-note/gs1-datamatrix';
import { registerUdiExportRoutes } from './udi-export/udi-export.routes';
import { queueDespatchAdvice, type DespatchSeller } from './despatch/despatch-queue';

export interface ShipmentsOptions {
  ports: { shipmentOrders: ShipmentOrdersPort; recalls: RecallGuardPort };
  /** The integration clients' audit record (every write by a client names it). */
  audit: RecordIntegrationWrite;
  /** Optional until the invoices module is wired: without it, shipments are recorded and not invoiced. */
  invoicing?: InvoicingPort;
  /** The invoices' delivery (decision 083): a Despatch Advice is queued there in the shipment's transaction. */
  delivery: PeppolDeliveryPort;
}

export default modulePlugin<ShipmentsOptions>({ name: 'shipments' }, (api, { ports, audit, invoicing, delivery }) => {
  const env = api.apiEnv;
  const seller: DespatchSeller = { name: env.seller.name, peppolParticipantId: env.seller.peppolParticipantId, address: env.seller.address };
  const despatch = (tx: Tx, shipmentId: string) => queueDespatchAdvice(tx, shipmentId, seller, delivery);
  const service = createShipmentsService({ db: api.database.db, orders: ports.shipmentOrders, recalls: ports.recalls, audit, despatch, ...(invoicing ? { invoicing } : {}) });
  registerShipmentsRoutes(api, api.routeRegistry, service);
  registerDeliveryNoteRoutes(api, api.routeRegistry, createDeliveryNoteService({ db: api.database.db, dataMatrix: gs1DataMatrixPng }));
  registerUdiExportRoutes(api, api.routeRegistry, api.database.db);
});
