// The mutation benchmark of the rule modules (issue 40; BENCHMARKS.md "Mutation score of the rule
// modules"): `pnpm --filter @portal/api mutation`. Not in CI and not in `npm test`: a run takes
// minutes of both cores. Only modules whose rules are covered by pure unit tests are mutated, and
// only those tests run (vitest.mutation.config.ts), so no mutant pays for the database's setup.
import { fileURLToPath } from 'node:url';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // pnpm does not hoist the runner beside the core, where Stryker looks for `@stryker-mutator/*`.
  plugins: [fileURLToPath(import.meta.resolve('@stryker-mutator/vitest-runner'))],
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: [
    'src/common/vat/decimal.ts',
    'src/common/vat/price.ts',
    'src/common/vat/vat-category.ts',
    'src/common/vat/vat-number.ts',
    'src/common/vat/vat-buyer.ts',
    'src/modules/invoices/compute.ts',
    'src/modules/invoices/structured-communication.ts',
    'src/modules/approvals/approvals.rules.ts',
    'src/common/payments/signature.ts',
    'src/modules/budgets/budgets.rules.ts',
    'src/modules/invoices/invoice-number-format.ts',
    'src/modules/catalog/products/newest-version.ts',
    'src/modules/procurement/punchout/punchout-return.ts',
    'src/modules/integration-events/webhook-message.ts',
    'src/modules/checkout/checkout.pricing.ts',
    'src/common/scope/authority.ts',
    'src/common/scope/customers-only.ts',
    'src/common/scope/quotations.ts',
  ],
  // Two shared cores, loaded by other work: more runners only queue.
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress-append-only', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
