// The one rspack + Module Federation configuration that the shell and every remote are built with,
// so that all six builds agree on loaders, sharing and output layout.
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { sharedConfig } from './shared-deps.mjs';
import { splitChunksFor } from './chunking.mjs';
import { PrecompressPlugin } from './precompress.mjs';
import { libraryCutRules } from './module-rules.mjs';
import { StartupPreloadPlugin } from './startup-preload.mjs';
import { FirstScreenMapPlugin } from './first-screen-map.mjs';

export { sharedConfig, SHARED_PACKAGE_ENTRIES, SINGLETON_PACKAGES, STARTUP_ENTRIES } from './shared-deps.mjs';
export { LAZY_SPLIT_MIN_BYTES, STARTUP_CHUNK_GROUPS, splitChunksFor } from './chunking.mjs';
export { FIRST_SCREEN_FILE, FirstScreenMapPlugin } from './first-screen-map.mjs';

/**
 * react-router 7's `exports` point at its development build in every environment; its production
 * build (no dev warnings, ~20 KB gzip smaller) sits beside it and is only reachable by path.
 */
function productionAliases(dir) {
  // react-router is a dependency of @portal/shared (its router facade), not of the apps.
  const require = createRequire(join(dir, '..', 'shared', 'package.json'));
  const routerDir = dirname(require.resolve('react-router/package.json'));
  return {
    'react-router$': join(routerDir, 'dist/production/index.mjs'),
  };
}

/**
 * @param {object} o
 * @param {string} o.dir          the app's folder (import.meta.dirname of its rspack.config)
 * @param {string} o.name         federation name: shell, auth, catalog, checkout, orders, account
 * @param {'host'|'remote'} o.kind
 * @param {Record<string,string>} [o.exposes]  remote only
 * @param {number} o.port          dev-server port
 * @param {string[]} [o.runtimePlugins]  host only
 * @param {Record<string,string>} [o.define]  compile-time constants
 * @param {Record<string,string[]>} [o.firstScreenPages]  host only: pattern → page modules its first screen
 *   lazy-loads, for first-screen.json (a remote's patterns come from its src/routes.tsx)
 */
export function createConfig({ dir, name, kind, exposes = {}, port, runtimePlugins = [], define = {}, firstScreenPages = {} }) {
  return (_env, argv) => {
    const production = (argv?.mode ?? process.env.NODE_ENV) !== 'development';
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const isHost = kind === 'host';
    return {
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      target: ['web', 'es2022'],
      // A remote's own entry is only its standalone dev harness; in production the shell loads the
      // remote through remoteEntry.js, so the harness is not built at all.
      entry: isHost || !production ? { main: './src/main.ts' } : {},
      output: {
        // PORTAL_OUT_DIR builds a variant elsewhere (e.g. a second version for a deploy test).
        path: process.env.PORTAL_OUT_DIR ?? join(dir, 'dist'),
        // Remotes are placed under /remotes/<name>/<version>/ by the deploy tool, a path unknown at
        // build time: 'auto' makes every chunk load relative to the remote's own entry.
        // In development a remote serves its own standalone page under deep URLs (/en/products), so
        // its chunks need an absolute address on its own port (which a dev shell can load too).
        publicPath: isHost ? '/' : production ? 'auto' : `http://localhost:${port}/`,
        uniqueName: `portal_${name}`,
        filename: production ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
        chunkFilename: production ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
        cssFilename: 'static/css/[name].[contenthash:10].css',
        cssChunkFilename: 'static/css/[name].[contenthash:10].css',
        assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // Workspace packages export TypeScript source; prefer the browser/ESM builds of libraries.
        conditionNames: ['browser', 'import', 'module', 'default'],
        alias: production ? productionAliases(dir) : {},
      },
      module: {
        // CSS modules as a default export of class names (`import classes from './x.module.css'`).
        parser: { 'css/auto': { namedExports: false } },
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            // Workspace packages resolve to their real path (not node_modules), so they are compiled.
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
              },
              env: { targets: 'chrome >= 111, firefox >= 111, safari >= 16.4' },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset' },
          // WebAssembly a feature fetches itself (zxing-wasm's reader, decision 075): a file of the build, by URL.
          { test: /\.wasm$/, type: 'asset/resource' },
          ...libraryCutRules(dir, { production }),
        ],
      },
      plugins: [
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
          __APP_NAME__: JSON.stringify(name),
          __APP_VERSION__: JSON.stringify(pkg.version),
          ...Object.fromEntries(Object.entries(define).map(([k, v]) => [k, JSON.stringify(v)])),
        }),
        new ModuleFederationPlugin({
          name,
          ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
          // Remotes are registered at runtime from the registry (no build-time remote URLs).
          remotes: {},
          // The shell's start-up singletons are eager in every mode: main.ts imports the bootstrap in
          // webpack's `eager` mode (decision 033), which consumes them synchronously at start.
          shared: sharedConfig(dir, { consumeOnly: production && !isHost, eagerStartup: isHost }),
          shareStrategy: 'loaded-first',
          runtimePlugins,
          manifest: true,
          // Types are shared through @portal/shared, not generated per remote (TOOLCHAIN.md).
          dts: false,
          dev: false,
          // The shell provides the federation runtime to the remotes, so a production remoteEntry.js
          // does not carry a second copy (~28 KB gzip each). A standalone dev remote keeps its own.
          // `optimization.target: 'web'` compiles the runtime's Node script loader out: the portal's
          // federation runs only in browsers (docs/decisions/025).
          experiments: production
            ? {
                ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
                optimization: { target: 'web' },
              }
            : {},
        }),
        ...(isHost || !production
          ? [
              new rspack.HtmlRspackPlugin({
                template: join(dir, 'public', 'index.html'),
                inject: 'body',
                scriptLoading: 'defer',
                minify: production,
              }),
            ]
          : []),
        ...(isHost && production ? [new StartupPreloadPlugin()] : []),
        // Brotli and gzip copies of the static files, which the gateway serves as they are (decision 033).
        ...(production ? [new PrecompressPlugin()] : []),
        // first-screen.json: what the gateway hints for a path beyond the manifests (decision 026).
        ...(production
          ? [new FirstScreenMapPlugin({ dir, routesModule: isHost ? undefined : 'src/routes.tsx', pages: isHost ? firstScreenPages : {} })]
          : []),
      ],
      optimization: {
        minimize: production,
        ...(splitChunksFor({ isHost, production }) ? { splitChunks: splitChunksFor({ isHost, production }) } : {}),
      },
      performance: { hints: false },
      devServer: {
        port,
        // Every app's dev server answers deep URLs with its page (the shell, or a remote standalone).
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // A standalone remote talks to an API started beside it (`pnpm --filter @portal/api start`).
        proxy: [{ context: ['/api'], target: process.env.PORTAL_API_URL ?? 'http://127.0.0.1:8081', changeOrigin: true }],
        hot: false,
        liveReload: true,
      },
      stats: production ? 'errors-warnings' : 'minimal',
    };
  };
}
