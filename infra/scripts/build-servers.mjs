// Compiles the production processes to JavaScript (decision 022): the API server, the gateway's main
// and the ops CLI, each one ES module bundle with the workspace packages (@portal/*, TypeScript
// sources) inside and every npm package left outside, imported from where pnpm installed it.
//
//   node infra/scripts/build-servers.mjs        (also run by `npm start`, `npm test` and `pnpm ops`)
import { isBuiltin } from 'node:module';
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './ensure-pnpm.mjs';

/** Entry → bundle. The bundle sits in its package's dist/ so that relative paths stay short. */
export const SERVER_ENTRIES = [
  { entry: 'infra/api/src/server.ts', out: 'infra/api/dist/server.js' },
  { entry: 'infra/gateway/src/main.ts', out: 'infra/gateway/dist/main.js' },
  // The CLI has no native code: its few npm packages (valibot, semver) go inside too, so a command
  // reads one file instead of dozens (semver alone is ~40 CommonJS files): rollback start-up.
  { entry: 'infra/deploy/src/cli.ts', out: 'infra/deploy/dist/cli.js', bundlePackages: true },
  // `pnpm ops clients ...` (integration clients, decision 045): the API's database code, so its npm
  // packages (pg, PGlite) stay outside as for the server; ops.mjs loads it only for that command.
  { entry: 'infra/api/src/clients-cli.ts', out: 'infra/api/dist/clients-cli.js' },
];

const posix = (p) => p.split(sep).join('/');
const dotted = (p) => (p.startsWith('.') ? p : `./${p}`);

/**
 * npm packages stay outside the bundle (native and WASM code, data files read next to their own
 * code: sharp, PGlite, argon2, pdfkit's fonts). pnpm only links a package's own dependencies into its
 * node_modules, so a bare `pg` would not resolve from infra/gateway/dist; the import is rewritten to
 * the file esbuild resolved (in node_modules/.pnpm), relative to the bundle.
 */
function externalPackages(outDir, bundlePackages) {
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (bundlePackages || args.pluginData?.inner || isBuiltin(args.path)) return undefined;
        if (args.path.startsWith('@portal/')) return undefined; // workspace: bundled
        // OpenTelemetry's ES module builds import without file extensions (written for bundlers), which
        // Node's own loader refuses: they go inside the bundle (pure JavaScript, issue 43's traces).
        if (args.path.startsWith('@opentelemetry/') || args.path === '@fastify/otel') return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { inner: true },
        });
        if (resolved.errors.length) return { errors: resolved.errors };
        return { path: dotted(posix(relative(outDir, resolved.path))), external: true };
      });
    },
  };
}

/**
 * Workspace sources locate files next to themselves (the migrations folder, the repository root)
 * with `import.meta.url`: inside a bundle that would be the bundle's URL. Each use is replaced by the
 * source file's own URL, computed relative to the bundle so that the repository can move.
 */
function sourceLocation(outDir) {
  return {
    name: 'source-location',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        let text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.')) return { contents: text, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
        const rel = JSON.stringify(posix(relative(outDir, args.path)));
        const url = `new URL(${rel}, import.meta.url).href`;
        text = text
          .replaceAll('import.meta.url', url)
          .replaceAll('import.meta.dirname', `__portalDirname(${url})`)
          .replaceAll('import.meta.filename', `__portalFilename(${url})`);
        return { contents: text, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

// Helpers for the replaced import.meta.dirname/filename (Node 20.11+ has both on import.meta), and
// `require` for CommonJS packages bundled into the ES module (the CLI's semver).
const BANNER = [
  "import { createRequire as __portalCreateRequire } from 'node:module';",
  'const require = __portalCreateRequire(import.meta.url);',
  "import { fileURLToPath as __portalFileURLToPath } from 'node:url';",
  "import { dirname as __portalDirnameOf } from 'node:path';",
  'const __portalFilename = (u) => __portalFileURLToPath(u);',
  'const __portalDirname = (u) => __portalDirnameOf(__portalFileURLToPath(u));',
].join('\n');

/**
 * Builds the server bundles (all, or the `only` outputs); each is written to a temporary name and
 * renamed (never half written).
 */
export async function buildServers({ quiet = false, only = undefined } = {}) {
  const esbuild = await import('esbuild');
  const started = performance.now();
  await Promise.all(
    SERVER_ENTRIES.filter(({ out }) => !only || only.includes(out)).map(async ({ entry, out, bundlePackages = false }) => {
      const outFile = join(root, out);
      const outDir = dirname(outFile);
      mkdirSync(outDir, { recursive: true });
      const tmp = `${outFile}.${process.pid}.tmp.js`;
      try {
        await esbuild.build({
          entryPoints: [join(root, entry)],
          outfile: tmp,
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'node20',
          sourcemap: 'linked',
          legalComments: 'none',
          logLevel: 'warning',
          banner: { js: BANNER },
          plugins: [externalPackages(outDir, bundlePackages), sourceLocation(outDir)],
        });
        renameSync(`${tmp}.map`, `${outFile}.map`);
        // The bundle names its map after the temporary file; point it at the final one.
        const code = readFileSync(tmp, 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, `//# sourceMappingURL=${posix(relative(outDir, outFile))}.map`);
        const { writeFileSync } = await import('node:fs');
        writeFileSync(tmp, code);
        renameSync(tmp, outFile);
      } finally {
        rmSync(tmp, { force: true });
        rmSync(`${tmp}.map`, { force: true });
      }
    }),
  );
  if (!quiet) console.log(`[build] server bundles (${SERVER_ENTRIES.length}) in ${Math.round(performance.now() - started)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServers();
