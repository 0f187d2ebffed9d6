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
  'src/modules/budgets/budgets.rules.test.ts',
  'src/modules/invoices/invoice-number.format.test.ts',
  'src/modules/catalog/products/newest-version.test.ts',
  'src/modules/procurement/punchout/punchout-return.test.ts',
  'src/modules/integration-events/webhook-message.test.ts',
  'src/modules/checkout/checkout.pricing.test.ts',
  'src/common/scope/decisions.test.ts',
];

export default defineConfig({
  test: {
    include: MUTATION_TESTS,
    exclude: configDefaults.exclude,
    environment: 'node',
    allowOnly: false,
  },
});
