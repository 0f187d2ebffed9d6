// What scripts outside the service (benchmarks, data tools) may use: the `@portal/api/tooling` export.
export { openDatabase, runMigrations, type Database, type Db } from './db/client';
export { seedDemoData } from './db/seed/demo';
export { generateLargeCatalogue } from './db/seed/large-catalogue';
export { mintRefreshTokens } from './db/seed/bench-tokens';
export { demoAccounts } from './db/seed/accounts';
export { prepareOrdersBench, checkOrdersBench, type OrdersBenchSetup } from './db/seed/bench-orders';
export { generateLargeOrders } from './db/seed/large-orders';
export { createIntegrationClientsRepository } from './modules/integration-clients/integration-clients.repository';
export { SYSTEM_CALLER } from './caller';
