import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { FIRST_SCREEN_FILE, FirstScreenMapPlugin } from './first-screen-map.mjs';
import { pageRoutes } from './route-table.mjs';

const repo = join(import.meta.dirname, '..', '..', '..');
const REMOTES = ['mfe-auth', 'mfe-catalog', 'mfe-checkout', 'mfe-orders', 'mfe-account'];

describe('reading a route table', () => {
  it('gives each lazy page its full pattern, index routes their parent\'s, and skips redirects', () => {
    const text = `
      import { lazy } from 'react';
      const List = lazy(() => import('./pages/list'));
      const Detail = lazy(() => import('./pages/detail'));
      export const routes = [
        { path: 'products', children: [
          { index: true, Component: List },
          { path: ':slug', Component: Detail, handle: { titleKey: 'x' } },
        ] },
        { path: 'old', children: [{ index: true, element: <Navigate to="/" /> }] },
      ];`;
    expect(pageRoutes(text)).toEqual([
      { path: 'products', import: './pages/list' },
      { path: 'products/:slug', import: './pages/detail' },
    ]);
  });

  it('fails on a page it cannot map instead of leaving it out', () => {
    const eager = `import List from './pages/list'; export const routes = [{ path: 'a', Component: List }];`;
    expect(() => pageRoutes(eager)).toThrow(/"a" is not a `lazy/);
    const computed = `const A = lazy(() => import('./a')); const p = 'a'; export const routes = [{ path: p, Component: A }];`;
    expect(() => pageRoutes(computed)).toThrow(/not a string literal/);
    const spread = `const A = lazy(() => import('./a')); export const routes = [...more, { path: 'a', Component: A }];`;
    expect(() => pageRoutes(spread)).toThrow(/not an object literal/);
    expect(() => pageRoutes('export const pages = [];')).toThrow(/no `export const routes/);
  });

  it.each(REMOTES)('maps every page of %s to a module that exists', (remote) => {
    const file = join(repo, remote, 'src', 'routes.tsx');
    const pages = pageRoutes(readFileSync(file, 'utf8'), file);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const module = resolve(dirname(file), page.import);
      expect(['.tsx', '.ts'].some((ext) => existsSync(module + ext)), `${page.path} → ${page.import}`).toBe(true);
    }
  });
});

describe('the first-screen map plugin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'first-screen-map-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file, text) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };

  const build = (plugin) =>
    new Promise((done, fail) => {
      rspack(
        {
          mode: 'production',
          context: dir,
          entry: { main: './src/main.js' },
          output: { path: join(dir, 'dist'), filename: 'static/js/[name].[contenthash:6].js', chunkFilename: 'static/js/[name].[contenthash:6].js', cssChunkFilename: 'static/css/[name].[contenthash:6].css' },
          module: { rules: [{ test: /\.css$/, type: 'css/auto' }] },
          plugins: [
            new ModuleFederationPlugin({ name: 'fixture', shared: { 'fixture-lib': { import: false, singleton: true, requiredVersion: '^1.0.0' } }, dts: false, manifest: false }),
            plugin,
          ],
          optimization: { minimize: false },
          stats: 'errors-only',
        },
        (error, stats) => (error ? fail(error) : done(stats)),
      );
    });

  it('writes each locale\'s messages chunk and each route\'s page files and shared keys', async () => {
    write('src/main.js', `import('./routes.js'); export const load = (l) => import(\`./messages/\${l}.json\`);`);
    write('src/messages/en.json', '{"a":"A"}');
    write('src/messages/nl.json', '{"a":"B"}');
    write('src/pages/list.js', `import { x } from 'fixture-lib'; import './list.css'; export default () => x;`);
    write('src/pages/list.css', '.list { color: red }');
    write('src/pages/detail.js', `export default () => 'detail';`);
    // The plugin reads the table as TSX; the bundle imports its pages like routes.tsx would.
    write('src/table.tsx', `import { lazy } from 'react';
      const List = lazy(() => import('./pages/list'));
      const Detail = lazy(() => import('./pages/detail'));
      export const routes = [{ path: 'products', children: [{ index: true, Component: List }, { path: ':slug', Component: Detail }] }];`);
    write('src/routes.js', `export const pages = [() => import('./pages/list'), () => import('./pages/detail')];`);
    // The page imports come from routes.js here, so the table names routes.js's folder (src/).
    const stats = await build(new FirstScreenMapPlugin({ dir, routesModule: 'src/table.tsx' }));
    expect(stats.hasErrors(), stats.toString()).toBe(false);
    const map = JSON.parse(readFileSync(join(dir, 'dist', FIRST_SCREEN_FILE), 'utf8'));
    expect(Object.keys(map.messages)).toEqual(['en', 'nl']);
    expect(map.messages.en).toEqual([expect.stringMatching(/^static\/js\/.+\.js$/)]);
    expect(map.routes.map((r) => r.path)).toEqual(['products', 'products/:slug']);
    const [list, detail] = map.routes;
    expect(list.files.some((f) => /^static\/css\/.+\.css$/.test(f))).toBe(true);
    expect(list.files.some((f) => /^static\/js\/.+\.js$/.test(f))).toBe(true);
    expect(list.shared).toEqual(['fixture-lib']);
    expect(detail.shared).toEqual([]);
    for (const file of [...list.files, ...detail.files, ...map.messages.en]) expect(existsSync(join(dir, 'dist', file)), file).toBe(true);
  });

  it('fails the build when a page of the table has no lazy chunk', async () => {
    write('src/table.tsx', `const Gone = lazy(() => import('./pages/gone')); export const routes = [{ path: 'gone', Component: Gone }];`);
    const stats = await build(new FirstScreenMapPlugin({ dir, routesModule: 'src/table.tsx' }));
    expect(stats.toJson({ errors: true }).errors.map((e) => e.message).join('\n')).toMatch(/no lazy chunk for the page of gone/);
  });
});
