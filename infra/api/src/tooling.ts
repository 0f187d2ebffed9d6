// What scripts outside the service (benchmarks, data tools) may use: the `@portal/api/tooling` export.
export { openDatabase, runMigrations, type Database, type Db } from './db/client';
export { seedDemoData } from './seed/demo';
export { generateLargeCatalogue } from './seed/large-catalogue';
export { mintRefreshTokens } from './seed/bench-tokens';
export { demoAccounts } from './seed/accounts';
export { prepareOrdersBench, checkOrdersBench, type OrdersBenchSetup } from './seed/bench-orders';
export { generateLargeOrders } from './seed/large-orders';
export { generateLargeShipments, LARGE_SHIPMENT_GTINS } from './seed/large-shipments';
export { createIntegrationClientsRepository } from './modules/integration-clients/integration-clients.repository';
export { SYSTEM_CALLER } from './caller';
