// One lint setup for the whole workspace. Beyond the recommended rules it enforces the
// architecture: remotes never import each other, nobody deep-imports @portal/shared, Mantine is
// reached only through the design system, react-router only through the router facade, and the
// server takes only schemas from the shared package.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './infra/build/src/lint/import-boundaries.mjs';

const REMOTES = ['auth', 'catalog', 'checkout', 'orders', 'account'];

const deepShared = {
  group: [
    '@portal/shared/src/*',
    '@portal/shared/*/*',
    ...['styles.css', 'forms', 'choice', 'file-input', 'number-input', 'select', 'data', 'paging', 'status', 'overlays', 'hosts'].map((entry) => `!@portal/shared/ui/${entry}`),
    ...['platform', 'beacon-labels', 'recall-notices', 'udi-export', 'auth', 'shop', 'orders', 'checkout', 'account', 'phone-forms', 'scan'].map((entry) => `!@portal/shared/schemas/${entry}`),
    // Scan to order's React parts, for every screen that scans (decision 082).
    '!@portal/shared/scan/ui',
  ],
  message: 'Import @portal/shared through its exports map (@portal/shared/api, /bus, /ui, ...), never its files.',
};
const mantine = {
  group: ['@mantine/*'],
  message: 'Use @portal/shared/ui: Mantine is shared through the design system only (docs/decisions/001).',
};
// The facade keeps exporting Alert for remote builds already deployed against it; a new use in a
// remote or the shell takes Notice, the one contrast-safe notice (issue 19: raw Alerts failed axe).
const rawAlert = {
  name: '@portal/shared/ui',
  importNames: ['Alert', 'AlertProps'],
  message: 'Use Notice (tone, role, title, icon, testId) from @portal/shared/ui: a raw Alert is not contrast-safe (issue 41).',
};
const router = {
  group: ['react-router', 'react-router/*', 'react-router-dom'],
  message: 'Use @portal/shared/router: react-router is shared through the router facade only (docs/decisions/009).',
};

// Remotes that must use a light schemas entry: the full one brings the phone and VAT validators
// (~33 KB gzip) that they never use (docs/decisions/001, 021).
const LIGHT_SCHEMAS = {
  catalog: '@portal/shared/schemas/shop',
  checkout: '@portal/shared/schemas/checkout',
  orders: '@portal/shared/schemas/orders',
  account: '@portal/shared/schemas/account',
};

// What the API server may import from the workspace.
const serverImports = [
  deepShared,
  { group: ['@portal/shared/*', '!@portal/shared/schemas', '!@portal/shared/schemas/platform', '!@portal/shared/schemas/auth', '!@portal/shared/gs1'], message: 'The server imports @portal/shared/schemas (and the GS1 parser, @portal/shared/gs1) only, never React code.' },
  { group: ['react', 'react-dom', '@mantine/*'], message: 'No React on the server.' },
];
const demoSeed = {
  group: ['**/seed/*', './seed/*'],
  message: 'Production code does not import the demo seed (seed): the vocabulary it answers with lives in its module or in src/common, and the seed imports it from there.',
};

function remoteRules(remote) {
  const others = REMOTES.filter((r) => r !== remote);
  const light = LIGHT_SCHEMAS[remote];
  return {
    files: [`mfe-${remote}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [rawAlert, ...(light ? [{ name: '@portal/shared/schemas', message: `Use ${light}: the full schemas entry ships the phone and VAT validators.` }] : [])],
          patterns: [
            deepShared,
            mantine,
            router,
            {
              group: [...others.map((r) => `@portal/mfe-${r}`), ...others.map((r) => `**/mfe-${r}/**`), '@portal/shell', '**/shell/src/**'],
              message: 'A remote never imports another remote or the shell: meet through @portal/shared.',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.tools/**', '**/.data/**', '**/.artifacts/**', '**/.store/**', '**/test-results/**', '**/playwright-report/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // A `${...}` in a quoted string is almost always a template literal typed with the wrong quotes
      // (a mail once said "valid for ${str(p.minutes)} minutes").
      'no-template-curly-in-string': 'error',
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [rawAlert], patterns: [deepShared, mantine, router, { group: ['@portal/mfe-*', '**/mfe-*/**'], message: 'The shell loads remotes at runtime, never by import.' }] },
      ],
    },
  },
  {
    // Inside the shared package only the facade itself imports react-router.
    files: ['shared/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/router/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [router] }] },
  },
  ...REMOTES.map(remoteRules),
  {
    files: ['infra/api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverImports, demoSeed] }] },
  },
  {
    // The demo data is for demo runs, tests and tools: the composition root seeds it when SEED_DEMO
    // is on, and the tools entry (tooling.ts) hands it to the bench; production code answers with
    // its own vocabulary (e.g. modules/catalog/products/vocabulary.ts), which the seed imports, not the reverse.
    files: ['infra/api/src/app.ts', 'infra/api/src/tooling.ts', 'infra/api/src/seed/**', 'infra/api/src/test-support/**', 'infra/api/src/security/**', 'infra/api/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverImports }] },
  },
  {
    // The API's owners meet through contracts and declared links, and the building blocks (common,
    // http, plugins, db) never import an owner but for its tables and contract types (decisions 015,
    // 038, 065). Composition (app.ts, seed, test-support, cli) sits above both.
    files: ['infra/api/src/**/*.ts'],
    plugins: { portal: importBoundaries },
    rules: { 'portal/owners': 'error' },
  },
  {
    // Each service reads its environment in one place, its env.ts, and validates it there; the rest
    // takes the typed result (STYLE.md rule 5, decision 038). Tests, test support and the scripts
    // and harnesses around the services (build, bench, e2e, scripts) set up processes and are exempt.
    files: ['infra/api/src/**/*.ts', 'infra/gateway/src/**/*.ts', 'infra/deploy/src/**/*.ts', 'infra/cluster/src/**/*.ts'],
    ignores: ['**/env.ts', '**/*.test.ts', 'infra/api/src/test-support/**', 'infra/deploy/src/testing-*.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: "Read the environment in this service's env.ts and pass the typed result (decision 038)." }],
    },
  },
  {
    // A typed database boundary (decision 040): ordinary reads and writes through Drizzle's query
    // builder, hand-written SQL through typedRows with a row shape; never a hand-typed rows<T>() cast
    // (gone from db/client). All of the API's production code; the tests and their support may read
    // loosely (test-support/demo-buyers.ts: rawRows, query).
    files: ['infra/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'infra/api/src/test-support/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value=/(^|\\/)(db\\/)?client$/] ImportSpecifier[imported.name='rows']",
          message: 'rows<T>() is a cast a renamed column passes: use the query builder, or typedRows with a row shape (db/typed-rows.ts, decision 040).',
        },
        {
          selector: "CallExpression[callee.name='rows']",
          message: 'rows<T>() is a cast a renamed column passes: use the query builder, or typedRows with a row shape (db/typed-rows.ts, decision 040).',
        },
      ],
    },
  },
  {
    // Error codes are the shared constants (CART_ERRORS.NOT_ORDERABLE, AUTH_ERRORS.…), never a typed
    // string: a renamed code then fails to compile instead of silently never matching.
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/][right.type='Literal'][right.value=/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/][left.property.name='code']",
          message: 'Compare error codes with the shared constants (AUTH_ERRORS, CART_ERRORS, API_ERRORS, …) from @portal/shared/schemas.',
        },
      ],
    },
  },
  {
    files: ['infra/gateway/**/*.ts', 'infra/deploy/**/*.ts', 'infra/e2e/**/*.ts', 'infra/bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepShared] }] },
  },
  {
    // The rules of hooks (and the React Compiler's checks) for all React code.
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Features of a remote never import each other; pages compose them (docs/STYLE.md, rule 1).
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    plugins: { portal: importBoundaries },
    rules: { 'portal/features-isolated': 'error' },
  },
  {
    // The shell's imports flow one way: the app composes layouts and pages, which use the
    // federation loader, the platform services, the hosts, i18n and the page chrome; never back.
    files: ['shell/src/**/*.{ts,tsx}'],
    plugins: { portal: importBoundaries },
    rules: {
      'portal/layers': [
        'error',
        {
          layers: [
            { dirs: ['shell/src/app'] },
            { dirs: ['shell/src/layouts', 'shell/src/pages'], peersIsolated: true },
            { dirs: ['shell/src/federation', 'shell/src/platform', 'shell/src/hosts', 'shell/src/i18n', 'shell/src/page'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.test-d.ts', '**/*.spec.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
