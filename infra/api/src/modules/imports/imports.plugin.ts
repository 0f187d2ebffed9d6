// The supplier's imports (issue 29 "In"): bulk NDJSON jobs per record kind and the single-record
// routes. The records belong to their owners, reached through the ports app.ts hands over
// (decision 039). The NDJSON content-type parser hands the raw request stream to the bulk routes
// of this module only (the plugin is encapsulated): no body limit applies, the body is never held
// in memory (ndjson.ts).
import type { CatalogueImportPort, ContractImportPort } from '../../common/ports';
import { modulePlugin } from '../../http/module-plugin';
import { createBulkRunner } from './bulk';
import type { ImportKind } from './import-kind';
import { registerImportRoutes } from './imports.routes';
import { createJobsRepository } from './jobs.repository';
import { customersKind } from './kinds/customers';
import { pricesKind } from './kinds/prices';
import { productsKind } from './kinds/products';
import { stockKind } from './kinds/stock';

export interface ImportsOptions {
  catalogue: CatalogueImportPort;
  accounts: ContractImportPort;
}

export default modulePlugin<ImportsOptions>({ name: 'imports' }, (api, { catalogue, accounts }) => {
  api.addContentTypeParser('application/x-ndjson', (_request, payload, done) => done(null, payload));
  const jobs = createJobsRepository(api.database.db);
  const runner = createBulkRunner({ db: api.database.db, jobs, log: api.log });
  const kinds = [productsKind(catalogue), stockKind(catalogue), pricesKind(catalogue, accounts), customersKind(accounts)] as ImportKind<unknown>[];
  registerImportRoutes(api, api.routeRegistry, { db: api.database.db, jobs, runner, kinds });
});
