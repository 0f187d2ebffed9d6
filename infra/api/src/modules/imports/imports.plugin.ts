// The supplier's imports (issue 29 "In"): bulk NDJSON jobs per record kind and the single-record
// routes. The records belong to their owners, reached through the ports app.ts hands over
// (decision 039). The NDJSON content-type parser hands the raw request stream to the bulk routes
// of this module only (the plugin is encapsulated): no body limit applies, the body is never held
// in memory (ndjson.ts).
import type { ContractImportPort } from '../accounts/contract';
import type { CatalogueImportPort } from '../catalog/contract';
import { modulePlugin } from '../../http/module-plugin';
import type { RecordIntegrationWrite } from './audit-port';
import { createBulkRunner } from './bulk';
import type { ImportKind } from './import-kind';
import { IMAGE_BYTES, registerImportRoutes } from './imports.routes';
import { createJobsRepository } from './jobs.repository';
import { customersKind } from './kind-customers';
import { pricesKind } from './kind-prices';
import { productsKind } from './kind-products';
import { stockKind } from './kind-stock';
import { registerStaffImportRoutes } from './staff-imports.routes';

export interface ImportsOptions {
  catalogue: CatalogueImportPort;
  accounts: ContractImportPort;
  /** The integration clients' audit record (modules/integration-clients/audit.ts). */
  audit: RecordIntegrationWrite;
}

export default modulePlugin<ImportsOptions>({ name: 'imports' }, (api, { catalogue, accounts, audit }) => {
  api.addContentTypeParser('application/x-ndjson', (_request, payload, done) => done(null, payload));
  // A product picture's bytes (PUT /products/{code}/images), at most IMAGE_BYTES.
  api.addContentTypeParser(['image/jpeg', 'image/png', 'image/webp'], { parseAs: 'buffer', bodyLimit: IMAGE_BYTES }, (_request, body, done) => done(null, body));
  const jobs = createJobsRepository(api.database.db);
  const runner = createBulkRunner({ db: api.database.db, jobs, log: api.log, audit });
  const kinds = [productsKind(catalogue), stockKind(catalogue), pricesKind(catalogue, accounts), customersKind(accounts)] as ImportKind<unknown>[];
  registerImportRoutes(api, api.routeRegistry, { db: api.database.db, jobs, runner, kinds, audit, catalogue });
  registerStaffImportRoutes(api, api.routeRegistry, jobs);
});
