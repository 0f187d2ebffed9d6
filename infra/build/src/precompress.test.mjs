import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createConfig } from './index.mjs';
import { compressedCopies, PRECOMPRESS_MIN_BYTES, PRECOMPRESSED, PrecompressPlugin } from './precompress.mjs';

const repo = join(import.meta.dirname, '..', '..', '..');
const shellConfig = (mode) => createConfig({ dir: join(repo, 'shell'), name: 'shell', kind: 'host', port: 3000 })({}, { mode });

/** Runs the plugin's afterEmit step on a folder holding `files`, as rspack would after writing them. */
async function runPlugin(files) {
  const dir = await mkdtemp(join(tmpdir(), 'precompress-'));
  for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);
  let step;
  new PrecompressPlugin().apply({ hooks: { afterEmit: { tapPromise: (_name, fn) => (step = fn) } } });
  await step({ outputOptions: { path: dir }, getAssets: () => Object.keys(files).map((name) => ({ name })) });
  return dir;
}

describe('pre-compressed copies of a build (decision 033)', () => {
  it('are brotli and gzip of the very file', async () => {
    const content = Buffer.from('export const x = 1;\n'.repeat(400));
    const { br, gz } = await compressedCopies(content);
    expect(brotliDecompressSync(br).equals(content)).toBe(true);
    expect(gunzipSync(gz).equals(content)).toBe(true);
    expect(br.length).toBeLessThan(gz.length);
  });

  it('are written beside scripts, style sheets and JSON, not beside the page or tiny files', async () => {
    const big = 'a { color: red }\n'.repeat(200);
    const dir = await runPlugin({ 'main.js': big, 'portal.css': big, 'mf-manifest.json': big, 'index.html': big, 'tiny.js': 'x' });
    try {
      for (const name of ['main.js', 'portal.css', 'mf-manifest.json']) {
        expect(brotliDecompressSync(await readFile(join(dir, `${name}.br`))).toString()).toBe(big);
        expect(gunzipSync(await readFile(join(dir, `${name}.gz`))).toString()).toBe(big);
      }
      await expect(readFile(join(dir, 'index.html.br'))).rejects.toThrow();
      await expect(readFile(join(dir, 'tiny.js.br'))).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true });
    }
    expect(PRECOMPRESSED.test('x.js.map')).toBe(false);
    expect(PRECOMPRESS_MIN_BYTES).toBe(1024);
  });

  it('are made by production builds only', () => {
    const has = (config) => config.plugins.some((p) => p instanceof PrecompressPlugin);
    expect(has(shellConfig('production'))).toBe(true);
    expect(has(shellConfig('development'))).toBe(false);
  });
});
