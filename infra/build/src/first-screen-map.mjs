// Writes `first-screen.json` beside mf-manifest.json (issue 18, docs/decisions/026): which files the
// first screen of a path needs that no manifest names. The gateway reads it to hint them in the page:
// - `messages`: the files of the app's messages chunk per locale (the shell's and each remote's
//   messages are one lazy chunk per locale, loaded before the first render);
// - `routes`: each page route's full pattern below the locale, its lazy chunk group's files and the
//   shared keys that group consumes (whose files the gateway takes from the shell's mf-manifest.json).
// A remote's patterns come from its route table (src/routes.tsx, read by route-table.mjs); the shell
// names the page modules of its own first screens (`pages`), since its routes are built in code.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pageRoutes } from './route-table.mjs';

const NAME = 'PortalFirstScreenMapPlugin';
export const FIRST_SCREEN_FILE = 'first-screen.json';
const MESSAGES = /[\\/]src[\\/]messages[\\/]([a-z]{2})\.json$/;
const CONSUMED = /^consume shared module \([^)]*\) (.+)@[^@]*\([^)]*\)$/;
const withoutExtension = (file) => file.replace(/\.[cm]?[jt]sx?$/, '');

/** The JS and CSS files of a chunk group (no source maps), in a stable order. */
const groupFiles = (group) => [...new Set(group.getFiles())].filter((f) => /\.(js|css)$/.test(f)).sort();

/** The share keys of the consume-shared modules in a chunk group's chunks. */
function consumedKeys(compilation, group) {
  const keys = new Set();
  for (const chunk of group.chunks) {
    for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      const key = CONSUMED.exec(module.identifier())?.[1];
      if (key) keys.add(key);
    }
  }
  return [...keys].sort();
}

/** The module a lazy chunk group was made for: its origin's request resolved beside the importing module. */
function groupTargets(group) {
  return group.origins
    .filter((o) => o.module?.resource && o.request?.startsWith('.'))
    .map((o) => resolve(dirname(o.module.resource), o.request));
}

/**
 * The map of a compilation. `pages` maps a pattern to the page modules (absolute, without extension)
 * whose chunk groups its first screen loads.
 * @param {import('@rspack/core').Compilation} compilation
 * @param {Map<string, string[]>} pages
 * @param {string} [routesModule] the absolute path of a remote's route table
 */
export function firstScreenMap(compilation, pages, routesModule) {
  const messages = {};
  // What the route table's module itself consumes lazily (the catalog's messages loader takes
  // `ui/status`): loaded before any of its pages, so every route of the remote needs it too.
  const tableKeys = new Set();
  const byTarget = new Map();
  for (const group of compilation.chunkGroups) {
    if (group.isInitial()) continue;
    const holdsTable = routesModule && group.chunks.some((c) => compilation.chunkGraph.getChunkModules(c).some((m) => m.resource === routesModule));
    if (holdsTable) for (const key of consumedKeys(compilation, group)) tableKeys.add(key);
    for (const target of groupTargets(group)) byTarget.set(target, [...(byTarget.get(target) ?? []), group]);
    for (const chunk of group.chunks) {
      for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
        const locale = module.type === 'json' ? MESSAGES.exec(module.resource ?? '')?.[1] : undefined;
        if (locale) messages[locale] = [...new Set([...(messages[locale] ?? []), ...groupFiles(group)])].sort();
      }
    }
  }
  const routes = [];
  const missing = [];
  for (const [path, modules] of pages) {
    const files = new Set();
    const shared = new Set(tableKeys);
    for (const module of modules) {
      const groups = byTarget.get(module) ?? [];
      if (groups.length === 0) missing.push(`${path || '(index)'}: ${module}`);
      for (const group of groups) {
        for (const file of groupFiles(group)) files.add(file);
        for (const key of consumedKeys(compilation, group)) shared.add(key);
      }
    }
    routes.push({ path, files: [...files], shared: [...shared].sort() });
  }
  return { map: { messages: Object.fromEntries(Object.entries(messages).sort()), routes }, missing };
}

export class FirstScreenMapPlugin {
  /**
   * @param {object} o
   * @param {string} o.dir the app's folder
   * @param {string} [o.routesModule] a remote's route table, relative to `dir` (src/routes.tsx)
   * @param {Record<string, string[]>} [o.pages] pattern → page modules relative to `dir` (the shell's home)
   */
  constructor({ dir, routesModule, pages = {} }) {
    this.dir = dir;
    this.routesModule = routesModule;
    this.pages = pages;
  }

  /** Pattern → absolute page modules (without extension), from the route table and `pages`. */
  pageModules() {
    const result = new Map(Object.entries(this.pages).map(([path, modules]) => [path, modules.map((m) => withoutExtension(join(this.dir, m)))]));
    if (this.routesModule) {
      const file = join(this.dir, this.routesModule);
      for (const page of pageRoutes(readFileSync(file, 'utf8'), file)) {
        const module = withoutExtension(resolve(dirname(file), page.import));
        result.set(page.path, [...(result.get(page.path) ?? []), module]);
      }
    }
    return result;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: NAME, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        let pages;
        try {
          pages = this.pageModules();
        } catch (error) {
          compilation.errors.push(new compiler.webpack.WebpackError(String(error.message ?? error)));
          return;
        }
        const { map, missing } = firstScreenMap(compilation, pages, this.routesModule && join(this.dir, this.routesModule));
        for (const page of missing) {
          compilation.errors.push(new compiler.webpack.WebpackError(`${NAME}: no lazy chunk for the page of ${page}`));
        }
        compilation.emitAsset(FIRST_SCREEN_FILE, new RawSource(`${JSON.stringify(map, null, 2)}\n`));
      });
    });
  }
}
