// Module rules that cut library code a page does not use (docs/decisions/025 and 029).
import { join } from 'node:path';

/** Mantine's ScrollArea, the one Mantine module outside the popovers that imports floating-ui. */
export const SCROLL_AREA_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;

/**
 * The message catalogs of the apps and of `@portal/shared` (`messages/en.json`, the generated
 * `xx.json`, the status labels…): compiled to ICU ASTs in production builds (decision 029).
 */
export const MESSAGE_CATALOG = /[\\/]messages[\\/](?:en|nl|fr|xx)\.json$/;

/** react-router's production build: one bundled chunk the facade re-exports from (decision 009). */
export const REACT_ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w]+\.mjs$/;

/** Any module of an npm package (react-intl, @formatjs/intl, intl-messageformat…). */
const NPM_MODULE = /[\\/]node_modules[\\/]/;

/** The stand-in for floating-ui's useMergeRefs, in the design system (the one place Mantine is reached). */
export function mergeRefsShim(appDir) {
  return join(appDir, '..', 'shared', 'src', 'ui', 'shims', 'floating-merge-refs.ts');
}

/** This package's loaders, by absolute path (the apps' configs resolve loaders from their own folder). */
export const COMPILE_MESSAGES_LOADER = join(import.meta.dirname, 'i18n', 'compile-messages-loader.mjs');
export const PURE_CALLS_LOADER = join(import.meta.dirname, 'pure-calls-loader.mjs');

/**
 * ScrollArea (reached from Table, Modal, Drawer) gets `@floating-ui/react` resolved to the stand-in.
 * The popovers keep the real floating-ui, which now loads only with `ui/overlays` or `ui/select`.
 *
 * In production the catalogs are compiled and react-intl's libraries get the parser package's
 * `no-parser` build (the same types and helpers, a `parse` that throws): every message reaches them
 * as an AST. Only npm modules are redirected, so the shell can still load the real parser on demand
 * for a server-managed text that has ICU syntax (`shell/src/i18n/server-messages.ts`).
 */
export function libraryCutRules(appDir, { production = true } = {}) {
  const rules = [{ test: SCROLL_AREA_MODULE, resolve: { alias: { '@floating-ui/react$': mergeRefsShim(appDir) } } }];
  if (!production) return rules;
  return [
    ...rules,
    { test: MESSAGE_CATALOG, loader: COMPILE_MESSAGES_LOADER, type: 'json' },
    { test: REACT_ROUTER_CHUNK, loader: PURE_CALLS_LOADER },
    {
      test: NPM_MODULE,
      resolve: { alias: { '@formatjs/icu-messageformat-parser$': '@formatjs/icu-messageformat-parser/no-parser.js' } },
    },
  ];
}
