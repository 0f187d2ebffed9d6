import { join } from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './import-boundaries.mjs';

// RuleTester reports through describe/it: run it inside vitest's.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ROOT = join(import.meta.dirname, '../../../..');
const at = (path) => join(ROOT, path);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('features-isolated', importBoundaries.rules['features-isolated'], {
  valid: [
    { filename: at('mfe-catalog/src/features/products/components/list.tsx'), code: "import { x } from '../api/get-products';" },
    { filename: at('mfe-catalog/src/features/products/components/list.tsx'), code: "import { x } from '../../../lib/shop';" },
    { filename: at('mfe-catalog/src/pages/products.tsx'), code: "import { a } from '../features/products/x'; import { b } from '../features/quick-order/y';" },
    // Another remote's feature of the same name is another rule's business (remotes never import remotes).
    { filename: at('mfe-orders/src/features/orders/x.ts'), code: "import { y } from '@portal/shared/api';" },
  ],
  invalid: [
    {
      filename: at('mfe-catalog/src/features/products/components/list.tsx'),
      code: "import { parse } from '../../quick-order/api/parse-lines';",
      errors: [{ messageId: 'crossFeature', data: { own: 'products', other: 'quick-order' } }],
    },
    {
      filename: at('mfe-catalog/src/features/product-detail/api/x.ts'),
      code: "export { y } from '../../products/api/get-products'; const z = () => import('../../dashboard-widgets/x');",
      errors: [{ messageId: 'crossFeature' }, { messageId: 'crossFeature' }],
    },
  ],
});

const SHELL = [
  {
    layers: [
      { dirs: ['shell/src/app'] },
      { dirs: ['shell/src/layouts', 'shell/src/pages'], peersIsolated: true },
      { dirs: ['shell/src/federation', 'shell/src/platform'] },
    ],
  },
];

tester.run('layers', importBoundaries.rules.layers, {
  valid: [
    { filename: at('shell/src/app/router.tsx'), options: SHELL, code: "import { L } from '../layouts/layout-for'; import { P } from '../pages/not-found'; import { F } from '../federation/remote-mount';" },
    { filename: at('shell/src/pages/dashboard.tsx'), options: SHELL, code: "import { W } from '../federation/dashboard-widget';" },
    { filename: at('shell/src/federation/remote-mount.tsx'), options: SHELL, code: "import { Q } from '../platform/preload-queue';" },
    { filename: at('shell/src/bootstrap.tsx'), options: SHELL, code: "import { App } from './app/app';" },
  ],
  invalid: [
    { filename: at('shell/src/layouts/nav-links.tsx'), options: SHELL, code: "import { x } from '../app/session';", errors: [{ messageId: 'upward' }] },
    { filename: at('shell/src/federation/remote-mount.tsx'), options: SHELL, code: "import { NotFoundPage } from '../pages/not-found';", errors: [{ messageId: 'upward' }] },
    { filename: at('shell/src/pages/home.tsx'), options: SHELL, code: "import { Layout } from '../layouts/layout-for';", errors: [{ messageId: 'peer' }] },
  ],
});

// The API's owners (decision 065), parsed as TypeScript so that `import type` is seen.
const tsTester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const API = 'infra/api/src';

tsTester.run('owners', importBoundaries.rules.owners, {
  valid: [
    // Inside an owner, across its features.
    { filename: at(`${API}/modules/orders/placement/orders.service.ts`), code: "import { x } from '../status/status.repository'; import { orders } from '../tables';" },
    // Another owner's contract and tables, as types.
    { filename: at(`${API}/modules/orders/placement/orders.service.ts`), code: "import type { BudgetPort } from '../../budgets/contract'; import { type I18nText } from '../../catalog/tables';" },
    // Declared reads and foreign keys.
    { filename: at(`${API}/modules/orders/links.ts`), code: "export { users } from '../accounts/tables';" },
    { filename: at(`${API}/modules/quotations/tables.ts`), code: "import { orders } from '../orders/tables';" },
    // Building blocks take the schema and contract types; tests may read the whole schema.
    { filename: at(`${API}/common/scope/orders.ts`), code: "import { orders } from '../../modules/orders/tables'; import type { StockPort } from '../../modules/catalog/contract';" },
    { filename: at(`${API}/modules/orders/placement/orders.routes.test.ts`), code: "import { users } from '../../../db/schema';" },
    // Composition sits above.
    { filename: at(`${API}/app.ts`), code: "import { ordersPlugin } from './modules/orders/placement/orders.plugin';" },
  ],
  invalid: [
    {
      filename: at(`${API}/modules/orders/placement/orders.service.ts`),
      code: "import { users } from '../../accounts/tables';",
      errors: [{ messageId: 'crossOwner', data: { own: 'orders', other: 'accounts', target: 'modules/accounts/tables' } }],
    },
    { filename: at(`${API}/modules/orders/placement/orders.service.ts`), code: "import { budgetPort } from '../../budgets/budgets.port';", errors: [{ messageId: 'crossOwner' }] },
    { filename: at(`${API}/modules/orders/placement/orders.service.ts`), code: "import type { X } from '../../budgets/budgets.port';", errors: [{ messageId: 'crossOwner' }] },
    { filename: at(`${API}/modules/orders/placement/orders.service.ts`), code: "import { users } from '../../../db/schema';", errors: [{ messageId: 'wholeSchema' }] },
    { filename: at(`${API}/common/outbox.ts`), code: "import { enqueue } from '../modules/content/mail/dispatcher';", errors: [{ messageId: 'blockToOwner' }] },
    { filename: at(`${API}/db/client.ts`), code: "import { B } from '../modules/budgets/contract';", errors: [{ messageId: 'blockToOwner' }] },
  ],
});
