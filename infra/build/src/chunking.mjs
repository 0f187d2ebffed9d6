// How the shell's start-up code is cut into files (docs/decisions/025).
// The shell provides its start-up singletons `eager` (shared-deps.mjs), so they are in the page's
// initial chunks: index.html lists those files and the browser fetches them all in the first round
// trip after the HTML, beside main.js. Without these groups that code was ~28 small lazy chunks that
// main.js requested only once it had run, in waves of six over HTTP/1.1.
// One file per shared package (or family): a library upgrade changes one file's hash, not all.
// Lazy chunks (pages, the lazy shared entries, remotes) keep rspack's default splitting.

const nodeModule = (names) => new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);
const sharedSource = (dirs) => new RegExp(`[\\\\/]shared[\\\\/]src[\\\\/](${dirs.join('|')})[\\\\/]`);

/** Initial-chunk groups of the shell, highest priority first (a module goes to the first match). */
export const STARTUP_CHUNK_GROUPS = {
  // react, react-dom (with its scheduler), the JSX runtime and zustand (tiny, and React's store hook).
  'lib-react': nodeModule(['react', 'react-dom', 'scheduler', 'zustand']),
  'lib-router': nodeModule(['react-router']),
  'lib-intl': nodeModule(['react-intl', '@formatjs', 'intl-messageformat']),
  'lib-query': nodeModule(['@tanstack']),
  // The design system's core entry with the part of Mantine it reaches (tree-shaken, decision 001).
  'design-system': new RegExp(
    `${nodeModule(['@mantine', '@floating-ui', 'clsx', 'react-remove-scroll', 'react-number-format']).source}|${sharedSource(['ui']).source}`,
  ),
  // The rest of @portal/shared's start-up entries and the small libraries they use.
  'portal-shared': new RegExp(
    `${nodeModule(['valibot', 'ofetch', 'ufo', 'destr', 'js-cookie']).source}|[\\\\/]shared[\\\\/]src[\\\\/]`,
  ),
};

/** `optimization.splitChunks` for an app: the start-up groups for the shell, rspack's default otherwise. */
export function splitChunksFor({ isHost, production }) {
  if (!isHost || !production) return undefined;
  const groups = Object.entries(STARTUP_CHUNK_GROUPS);
  return {
    cacheGroups: Object.fromEntries(
      groups.map(([name, test], i) => [
        name,
        // `enforce`: one file per group whatever its size; `reuseExistingChunk` is off so a group
        // never turns into a differently named chunk.
        { test, name, chunks: 'initial', enforce: true, priority: groups.length - i },
      ]),
    ),
  };
}
