// How the apps' code is cut into files (docs/decisions/025 and 026).
// The shell provides its start-up singletons `eager` (shared-deps.mjs), so they are in the page's
// initial chunks: index.html lists those files and the browser fetches them all in the first round
// trip after the HTML, beside main.js. Over the embedded gateway's HTTP/1.1 (six connections per
// origin) every file costs a request slot and its latency, so the start-up code is two files: the
// third-party libraries (`vendor`, which change on upgrades only) and the portal's own design system
// and start-up entries (`portal`, which change with @portal/shared).
// Lazy chunks (a lazily provided shared entry, a remote's page) are cut as little as possible: a chunk
// group is one file, plus a file of modules it has in common with other groups only when that part is
// big enough to be worth a request of its own (LAZY_SPLIT_MIN_BYTES).

const nodeModule = (names) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);

/** Initial-chunk groups of the shell, highest priority first (a module goes to the first match). */
export const STARTUP_CHUNK_GROUPS = {
  // React (with its scheduler and the JSX runtime), zustand, the router and react-intl: the
  // third-party singletons, whose code changes only when one of them is upgraded. (TanStack Query is
  // not part of the start, decision 033: DATA_CHUNK.)
  vendor: nodeModule(['react', 'react-dom', 'scheduler', 'zustand', 'react-router', 'react-intl', '@formatjs', 'intl-messageformat']),
  // The design system's core entry with the part of Mantine it reaches (tree-shaken, decision 001), the
  // other start-up entries of @portal/shared and the small libraries they use.
  portal: new RegExp(
    `${nodeModule(['@mantine', '@floating-ui', 'clsx', 'react-remove-scroll', 'react-number-format', 'valibot', 'ofetch', 'ufo', 'destr', 'js-cookie']).source}|[\\\\/]shared[\\\\/]src[\\\\/]`,
  ),
};

/**
 * The shell's lazy file for pages that show data (decision 033): TanStack Query with
 * `@portal/shared/query`, `@portal/shared/preferences` and `@portal/shared/ui/status` (the loading,
 * error and empty region and the status badges), which every page of the catalog, checkout, orders
 * and account remotes uses and the sign-in pages do not. Without the group each is a chunk group of
 * its own, four requests where one does.
 */
export const DATA_CHUNK = {
  name: 'data',
  test: new RegExp(
    [
      nodeModule(['@tanstack']).source,
      '[\\\\/]shared[\\\\/]src[\\\\/](query|preferences)[\\\\/]',
      '[\\\\/]shared[\\\\/]src[\\\\/]ui[\\\\/](status\\.ts$|status-badge[\\\\/]|state-region[\\\\/])',
    ].join('|'),
  ),
};

/**
 * Mantine's Input and InputBase (the wrapper, label, description, error and clear button every field
 * is drawn with): one lazy file of their own. Without it each lazy chunk group with a field copied
 * them (they are under LAZY_SPLIT_MIN_BYTES): the public shop's `ui/forms`, `ui/choice` and
 * `ui/number-input` carried three copies (~3.5 KB gzip each), the product page two (decision 093).
 */
export const INPUT_CHUNK = {
  name: 'inputs',
  test: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase)[\\/]/,
};

/**
 * The style sheets of the shell's own start-up code (its layouts, the loading bar) go into the
 * `portal` style sheet the page already lists (decision 033). Since the bootstrap's code sits in
 * main.js (main.ts imports it in webpack's `eager` mode), they would otherwise be a `main.css` of
 * their own: one request more on every page for a few hundred bytes.
 */
export const SHELL_START_CSS = /[\\/]shell[\\/]src[\\/].*\.css$/;

/**
 * Modules that several lazy chunk groups have in common get a file of their own only from this size
 * (bytes of module source before minification, as rspack measures `minSize`); smaller ones are copied
 * into each group that needs them. rspack's default (20 000, plus a vendors group for node_modules)
 * cut `@portal/shared/ui/forms` into three files and a remote page into three or four.
 */
export const LAZY_SPLIT_MIN_BYTES = { shell: 90_000, remote: 300_000 };

/** Lazy chunks of a production build: one file per chunk group, big common parts apart. */
const lazyGroups = (minSize) => ({
  // No separate file for a group's node_modules: that only pays off for caching initial code.
  defaultVendors: false,
  default: { chunks: 'async', minChunks: 2, minSize, priority: -20, reuseExistingChunk: true },
});

/** `optimization.splitChunks` of an app's production build (undefined in development: rspack's default). */
export function splitChunksFor({ isHost, production }) {
  if (!production) return undefined;
  if (!isHost) return { cacheGroups: lazyGroups(LAZY_SPLIT_MIN_BYTES.remote) };
  const groups = Object.entries(STARTUP_CHUNK_GROUPS);
  return {
    cacheGroups: {
      ...lazyGroups(LAZY_SPLIT_MIN_BYTES.shell),
      [DATA_CHUNK.name]: { test: DATA_CHUNK.test, name: DATA_CHUNK.name, chunks: 'async', enforce: true, priority: 0 },
      [INPUT_CHUNK.name]: { test: INPUT_CHUNK.test, name: INPUT_CHUNK.name, chunks: 'async', enforce: true, priority: 0 },
      shellStartCss: { test: SHELL_START_CSS, chunks: 'initial', name: 'portal', enforce: true, priority: 0 },
      ...Object.fromEntries(
        groups.map(([name, test], i) => [
          name,
          // `enforce`: one file per group whatever its size; `reuseExistingChunk` is off so a group
          // never turns into a differently named chunk.
          { test, name, chunks: 'initial', enforce: true, priority: groups.length - i },
        ]),
      ),
    },
  };
}
