import { configDefaults, defineConfig } from 'vitest/config';

// The mutation benchmark's tests (stryker.config.mjs, BENCHMARKS.md "Mutation score of the rule
// modules"): only the pure unit tests of the rule modules it mutates, without the database's global
// setup (migrations and the demo seed, ~100 s on PGlite), which Stryker would otherwise pay for
// every mutant's test run. A test file listed here must need no database.
const MUTATION_TESTS = [
  'src/common/vat/vat-category.test.ts',
  'src/common/vat/vat-number.test.ts',
  'src/common/vat/vat-buyer.test.ts',
  'src/common/vat/decimal.test.ts',
  'src/common/vat/price.test.ts',
  'src/modules/invoices/compute.test.ts',
  'src/modules/invoices/structured-communication.test.ts',
  'src/modules/approvals/approvals.rules.test.ts',
  'src/common/payments/signature.test.ts',
];

export default defineConfig({
  test: {
    include: MUTATION_TESTS,
    exclude: configDefaults.exclude,
    environment: 'node',
    allowOnly: false,
  },
});
