import { join } from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
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
