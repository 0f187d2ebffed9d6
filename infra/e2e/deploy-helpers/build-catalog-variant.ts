// Builds the catalog from its own source and config into another folder, with one visible difference:
// the products page intro ends in a label. It is "the same source with a visible difference" for the
// deploy test, without touching mfe-catalog/ or its dist (other people's tests use that build).
//
//   node --import tsx deploy-helpers/build-catalog-variant.ts <out-dir> <label>
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ARTIFACTS, REPO_ROOT } from '../portal-server.config';

/** The intro of the products page a signed-in contract buyer reads in the live build (the deploy
 * tests sign in; decision 044 gives each audience its own intro), and how the variant changes it. */
const INTRO_KEY = 'catalog.products.intro.contract';
export const PRODUCTS_INTRO =
  "The public web shop, with your organisation's contract prices; what is outside the contract is marked. Your whole range is under My products.";
export const variantIntro = (label: string) => `${PRODUCTS_INTRO} (${label})`;

type Config = { output: { path: string }; plugins: unknown[] };
type ConfigFactory = (env: unknown, argv: { mode: string }) => Config;
/** The bits of @rspack/core used here (it is the catalog's dependency, not this package's). */
interface Rspack {
  rspack: ((config: Config, done: (error: Error | null, stats?: { hasErrors(): boolean; toString(o: object): string }) => void) => void) & {
    NormalModuleReplacementPlugin: new (match: RegExp, replacement: string) => unknown;
  };
}

/** Builds the variant into `outDir`; resolves when rspack is done, rejects on a build error. */
export async function buildCatalogVariant(outDir: string, label: string): Promise<void> {
  const appDir = join(REPO_ROOT, 'mfe-catalog');
  const messages = JSON.parse(readFileSync(join(appDir, 'src/messages/en.json'), 'utf8')) as Record<string, string>;
  if (messages[INTRO_KEY] !== PRODUCTS_INTRO) throw new Error('the catalog intro changed: update PRODUCTS_INTRO');
  const messagesDir = `${outDir}-messages`;
  mkdirSync(messagesDir, { recursive: true });
  const variantMessages = join(messagesDir, 'en.json');
  writeFileSync(variantMessages, JSON.stringify({ ...messages, [INTRO_KEY]: variantIntro(label) }, null, 2));

  // The catalog's own rspack and config, so the variant is built exactly like the real one.
  const require = createRequire(join(appDir, 'package.json'));
  const { rspack } = require('@rspack/core') as Rspack;
  const factory = ((await import(pathToFileURL(join(appDir, 'rspack.config.mjs')).href)) as { default: ConfigFactory }).default;
  const config = factory({}, { mode: 'production' });
  config.output.path = outDir;
  config.plugins.push(new rspack.NormalModuleReplacementPlugin(/[\\/]mfe-catalog[\\/]src[\\/]messages[\\/]en\.json$/, variantMessages));
  await new Promise<void>((resolve, reject) => {
    rspack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

/** The label of the deploy journeys' variant (`variantIntro(VARIANT_LABEL)` is what a buyer reads in it). */
export const VARIANT_LABEL = 'deploy test v2';

/**
 * The deploy journeys' variant of the catalog, built once per run into the test server's scratch
 * folder (wiped at its start) and used by both deploy specs: the canary judge's healthy build and
 * deploy.spec.ts's new version. Each spec built its own before, one more catalog build per run
 * (issue 45); a publish of the identical build again is "already published", not a refusal.
 */
export async function deployVariant(): Promise<string> {
  const dir = join(ARTIFACTS, 'catalog-variant');
  const done = `${dir}.built`; // beside the build, not in it: the build is what gets published
  if (!existsSync(done)) {
    await buildCatalogVariant(dir, VARIANT_LABEL);
    writeFileSync(done, '');
  }
  return dir;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [outDir, label = 'variant'] = process.argv.slice(2);
  if (!outDir) throw new Error('usage: build-catalog-variant.ts <out-dir> [label]');
  await buildCatalogVariant(outDir, label);
  console.log(`built catalog variant "${label}" into ${outDir}`);
}
