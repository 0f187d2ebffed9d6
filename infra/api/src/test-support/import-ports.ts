// The ports app.ts hands the imports module (decision 039), for tests that build a bulk runner of
// their own (a module's tests do not import another module).
export { catalogueImport } from '../modules/catalog/products/catalogue-import.port';
export { recordIntegrationWrite } from '../modules/integration-clients/audit';
