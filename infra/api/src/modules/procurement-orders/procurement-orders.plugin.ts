// Orders from buyers' procurement systems (issue 34, decision 053). The orders' placement port and
// the access point are given by the composition root (app.ts): this module imports neither. XML
// bodies are read as text by a parser registered in this module's own scope only.
import type { OrderPlacementPort, PeppolSendPort } from '../../common/ports';
import { modulePlugin } from '../../http/module-plugin';
import { createProcurementOrdersRepository } from './procurement-orders.repository';
import { registerProcurementOrderRoutes } from './procurement-orders.routes';
import { createProcurementOrdersService } from './procurement-orders.service';
import { MAX_XML_BYTES } from './xml';

export interface ProcurementOrdersOptions {
  placement: OrderPlacementPort;
  accessPoint: PeppolSendPort | null;
}

export default modulePlugin<ProcurementOrdersOptions>({ name: 'procurement-orders', dependencies: ['orders'] }, (api, { placement, accessPoint }) => {
  api.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string', bodyLimit: MAX_XML_BYTES }, (_request, body, done) => done(null, body));
  const seller = api.apiEnv.seller;
  const service = createProcurementOrdersService({
    db: api.database.db,
    repo: createProcurementOrdersRepository(api.database.db),
    placement,
    accessPoint,
    seller: { peppolParticipantId: seller.peppolParticipantId, name: seller.name, country: seller.address.country },
    log: api.log,
  });
  registerProcurementOrderRoutes(api, api.routeRegistry, service);
});
