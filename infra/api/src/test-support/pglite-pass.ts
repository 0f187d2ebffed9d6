// Which API test files the PGlite pass runs when the PostgreSQL pass runs the whole suite after it
// (decision 087). CI has a server, and the same ~1 260 tests on two engines cost it 718 s + 298 s of
// CPU on two cores (BENCHMARKS.md, "CI that fits the machine"): PostgreSQL, the production engine,
// runs them all; PGlite runs what is PGlite's own (its driver, its one connection, its in-process
// notifications, the migrations and seed that `npm start` runs on it) and a representative set of
// the routes a visitor of `npm start` uses. Without a server (`npm test` on a developer's machine)
// the PGlite pass runs the whole suite as before.
//
// The rule: a file belongs here when what it checks goes through something the two engines do
// differently (driver, connection model, extension, start from an empty folder), or when it is one
// of the representative routes. Each entry is a test file or a folder ending in `/` (its tests), so
// a file that moves fails src/architecture/pglite-pass.test.ts instead of silently leaving the pass.

export interface PglitePassEntry {
  /** A test file, or a folder (ending in `/`) whose test files all belong. */
  path: string;
  why: string;
}

export const PGLITE_PASS: readonly PglitePassEntry[] = [
  { path: 'src/db/', why: "the database client, enums, typed rows and an upgrade migration through PGlite's driver" },
  { path: 'src/seed/', why: 'the demo seed as `npm start` runs it' },
  { path: 'src/app.test.ts', why: 'an app on an empty PGlite folder: initdb, migrations, seed, restart' },
  { path: 'src/modules/platform/health/', why: 'readiness names the engine' },
  { path: 'src/modules/platform/metrics/metrics.test.ts', why: "the pool gauge's PGlite answer (one connection) and the driver label" },
  { path: 'src/modules/catalog/products/catalog-cache.test.ts', why: 'LISTEN/NOTIFY delivered in-process by PGlite' },
  { path: 'src/modules/catalog/products/catalog-cache.stock.test.ts', why: "stock changes heard through PGlite's in-process notifications" },
  { path: 'src/modules/catalog/products/catalog.routes.test.ts', why: 'the shop, with the pg_trgm extension loaded into PGlite' },
  { path: 'src/modules/accounts/auth/auth.routes.test.ts', why: "sign-in as `npm start`'s visitor does it" },
  { path: 'src/modules/accounts/oauth/oauth.routes.test.ts', why: 'tokens and refresh on PGlite' },
  { path: 'src/modules/orders/placement/orders.routes.test.ts', why: 'placement: transactions, order numbers, concurrency on one connection' },
  { path: 'src/modules/orders/placement/orders.money-range.test.ts', why: "bigint and numeric amounts through PGlite's parsers" },
  { path: 'src/modules/orders/documents/order-documents.routes.test.ts', why: 'bytea documents through PGlite' },
  { path: 'src/modules/invoices/invoice-number.test.ts', why: 'gapless numbering with rollbacks on one connection' },
  { path: 'src/modules/invoices/invoices.routes.test.ts', why: 'dates and the invoice documents' },
  { path: 'src/modules/content/mail/dispatcher.test.ts', why: 'a skip-locked queue with intervals on one connection' },
  { path: 'src/modules/recalls/recalls.concurrency.test.ts', why: 'raced transactions, one statement at a time on PGlite' },
  { path: 'src/modules/budgets/budgets.to-the-cent.test.ts', why: 'money and dates to the cent' },
  { path: 'src/modules/integration-clients/demo-client.test.ts', why: "`npm start`'s demo integration client" },
  { path: 'src/modules/imports/products.import.test.ts', why: 'bulk statements on PGlite' },
];

/**
 * PostgreSQL by nature, run in the PostgreSQL pass only: two instances on one database (PGlite is one
 * process), and the statement counts taken at the pg client (`*.postgres.test.ts`).
 */
export const POSTGRES_ONLY = ['src/scale-out.test.ts', 'src/**/*.postgres.test.ts'];

/** Whether a test file (its path from infra/api) is one of POSTGRES_ONLY's. */
export function isPostgresOnly(path: string): boolean {
  return path === 'src/scale-out.test.ts' || path.endsWith('.postgres.test.ts');
}

/** Vitest `include` patterns for the entries, plus the conformance files (database-free: PGlite pass only). */
export function pglitePassInclude(): string[] {
  return [...PGLITE_PASS.map(({ path }) => (path.endsWith('/') ? `${path}**/*.test.ts` : path)), 'src/**/*.conformance.test.ts'];
}
