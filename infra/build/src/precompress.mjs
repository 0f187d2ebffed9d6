// Brotli and gzip copies of a production build's static files, written beside them (`x.js.br`,
// `x.js.gz`). The gateway serves them as they are (@fastify/static `preCompressed`), so a request
// costs it no compression CPU and the browser gets brotli at its best quality (11) rather than the
// quality 5 the gateway could afford per request on two cores (decision 033). Builds are immutable
// and published once, so the slow compression is paid once, at build time.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const NAME = 'PortalPrecompressPlugin';
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth a compressed copy: text the gateway serves as it is built (not index.html, which it fills in). */
export const PRECOMPRESSED = /\.(js|css|json|svg|wasm)$/;
/** Smaller files gain nothing from it (the gateway's own compression has the same threshold). */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** The brotli (quality 11) and gzip (level 9) copies of `content`. */
export async function compressedCopies(content) {
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzipAsync(content, { level: 9 }),
  ]);
  return { br, gz };
}

export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise(NAME, async (compilation) => {
      const outputPath = compilation.outputOptions.path;
      const names = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter((name) => PRECOMPRESSED.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = join(outputPath, name);
          const content = await readFile(file);
          if (content.length < PRECOMPRESS_MIN_BYTES) return;
          const { br, gz } = await compressedCopies(content);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    });
  }
}
