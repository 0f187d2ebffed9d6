// The one list of modules shared as singletons between the shell and every remote.
// Why singletons: remotes render inside the shell's React tree, router and providers, so a second
// copy of any of these would split contexts (two Reacts, two routers, two query caches).
// @mantine/* and react-router are deliberately absent: they are reached only through
// `@portal/shared/ui` and `@portal/shared/router`, which are themselves shared, so each stays one
// instance AND is tree-shaken to what the facade re-exports (docs/decisions/001 and 009).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Subpath entries of @portal/shared that are shared (its `exports` map, minus CSS and package.json). */
export const SHARED_PACKAGE_ENTRIES = [
  'api',
  'bus',
  'session',
  'query',
  'ui',
  'ui/forms',
  'ui/choice',
  'ui/file-input',
  'ui/number-input',
  'ui/select',
  'ui/data',
  'ui/paging',
  'ui/status',
  'ui/overlays',
  'ui/hosts',
  'i18n',
  'schemas',
  'schemas/platform',
  'schemas/auth',
  'schemas/shop',
  'schemas/orders',
  'schemas/checkout',
  'schemas/account',
  'schemas/phone-forms',
  'schemas/scan',
  'routing',
  'navigation',
  'form',
  'preferences',
  'router',
];

/**
 * The @portal/shared entries the shell itself imports while it starts (its bootstrap's static
 * imports). In the shell's production build these, and every npm singleton, are provided `eager`:
 * they sit in the page's initial chunks, which index.html lists, so the browser fetches them beside
 * main.js instead of after it (docs/decisions/025). Every other entry stays a lazy chunk that is
 * downloaded when a page first asks for it.
 */
export const STARTUP_ENTRIES = [
  'api',
  'bus',
  'session',
  'ui',
  'i18n',
  'schemas/platform',
  'routing',
  'navigation',
  'router',
  // Not imported by the shell at start, but small and on many first screens: in the start-up file
  // they cost every page ~4 KB gzip and save a form page, the shop and the checkout a request each
  // (`preferences` was also two files, docs/decisions/026).
  // `query`, `preferences` (which uses it) and `ui/status` are not here: they load together, with
  // TanStack Query, for the first page that shows data (decision 033).
  'form',
];

/** npm packages shared as singletons, with the subpaths that are imported on their own. */
export const SINGLETON_PACKAGES = {
  react: ['react', 'react/jsx-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  '@tanstack/react-query': ['@tanstack/react-query'],
  zustand: ['zustand', 'zustand/vanilla'],
  'react-intl': ['react-intl'],
};

/**
 * Singletons the shell does not provide `eager`: no start-up code of the shell uses them, so a page
 * that does not either (sign-in) never downloads them. TanStack Query is provided and consumed like
 * the lazy `@portal/shared` entries, with `query` and `preferences` in one file (chunking.mjs).
 */
export const LAZY_SINGLETON_PACKAGES = ['@tanstack/react-query'];

/**
 * Not singletons, but shared so that each is downloaded once. Empty on purpose: valibot is a set of
 * stateless functions (a schema made by one copy runs under another), and a shared module is never
 * tree-shaken, so sharing it would ship all of it (13 KB gzip) instead of the few KB each build uses.
 */
export const DEDUPED_PACKAGES = {};

function installedVersion(appDir, pkg) {
  const require = createRequire(join(appDir, 'package.json'));
  // Resolve the package.json through the package's main entry: some packages do not export it.
  let dir = dirname(require.resolve(pkg));
  for (;;) {
    try {
      const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (json.name === pkg) return json.version;
    } catch {
      /* keep walking up */
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find the version of ${pkg} from ${appDir}`);
    dir = up;
  }
}

/**
 * Builds the `shared` option of the ModuleFederationPlugin for an app in `appDir`.
 *
 * `consumeOnly` (production remotes): the remote ships no copy of its own and always takes the
 * shell's. Otherwise a shared module that no bundle has loaded yet (say `@portal/shared/ui/forms`,
 * which the shell itself never imports) may be resolved to the remote's own copy, and that copy
 * brings its own Mantine: a second MantineProvider context, and a crash. The shell is the one
 * provider; the deploy tool refuses a remote whose requirements the live shell cannot meet.
 */
export function sharedConfig(appDir, { consumeOnly = false, eagerStartup = false } = {}) {
  const shared = {};
  const fallback = consumeOnly ? { import: false } : {};
  // `eager` only changes where the provider puts its copy (an initial chunk instead of a lazy one);
  // the share contract (name, version, singleton) is the same, so remotes are not affected.
  const eager = eagerStartup ? { eager: true } : {};
  const add = (entries, pkg, singleton) => {
    const version = installedVersion(appDir, pkg);
    const major = version.split('.')[0];
    const atStartup = singleton && !LAZY_SINGLETON_PACKAGES.includes(pkg);
    for (const key of entries) {
      shared[key] = { singleton, requiredVersion: `^${major}.0.0`, version, ...fallback, ...(atStartup ? eager : {}) };
    }
  };
  for (const [pkg, entries] of Object.entries(SINGLETON_PACKAGES)) add(entries, pkg, true);
  for (const [pkg, entries] of Object.entries(DEDUPED_PACKAGES)) add(entries, pkg, false);
  // A workspace package needs an explicit requiredVersion (TOOLCHAIN.md). The major is the contract.
  const sharedVersion = JSON.parse(
    readFileSync(join(appDir, '..', 'shared', 'package.json'), 'utf8'),
  ).version;
  for (const entry of SHARED_PACKAGE_ENTRIES) {
    shared[`@portal/shared/${entry}`] = {
      singleton: true,
      requiredVersion: `^${sharedVersion.split('.').slice(0, 2).join('.')}.0`,
      version: sharedVersion,
      ...fallback,
      ...(STARTUP_ENTRIES.includes(entry) ? eager : {}),
    };
  }
  return shared;
}
