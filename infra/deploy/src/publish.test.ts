import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpsContext } from './context';
import { deployApp } from './deploy';
import { DirectoryStore, storeLayout } from './directory-store';
import { OpsError } from './errors';
import { publishApp } from './publish';
import { createFakeRepo, writeFakeRemoteDist, type FakeRepo } from './testing';

let repo: FakeRepo;
let ctx: OpsContext;
beforeEach(async () => {
  repo = await createFakeRepo();
  ctx = { store: new DirectoryStore(repo.storeDir), repoRoot: repo.root, by: 'tester' };
});
afterEach(() => repo.cleanup());

const catalogDist = () => join(repo.root, 'mfe-catalog', 'dist');

describe('publish', () => {
  it('copies the build into remotes/<name>/<version> under a content-addressed version', async () => {
    const result = await publishApp(ctx, 'catalog');
    expect(result.version).toMatch(/^0\.1\.0-[0-9a-f]{10}$/);
    expect(result.outcome).toBe('published');
    const stored = join(storeLayout(repo.storeDir).versionDir('catalog', result.version), 'mf-manifest.json');
    expect(JSON.parse(await readFile(stored, 'utf8')).name).toBe('catalog');
  });

  it('publishes the build\'s first-screen.json with the version, where the gateway reads it (decision 026)', async () => {
    const map = { messages: { en: ['static/js/806.abc.js'] }, routes: [{ path: 'products', files: [], shared: [] }] };
    await writeFile(join(catalogDist(), 'first-screen.json'), JSON.stringify(map));
    const result = await publishApp(ctx, 'catalog');
    const stored = join(storeLayout(repo.storeDir).versionDir('catalog', result.version), 'first-screen.json');
    expect(JSON.parse(await readFile(stored, 'utf8'))).toEqual(map);
  });

  it('gives the same build the same version and a changed build a new one', async () => {
    const first = await publishApp(ctx, 'catalog');
    const again = await publishApp(ctx, 'catalog');
    expect(again).toMatchObject({ version: first.version, outcome: 'already-published' });
    await repo.rebuild('catalog', 'v2');
    const changed = await publishApp(ctx, 'catalog');
    expect(changed.version).not.toBe(first.version);
    expect((await ctx.store.listVersions('catalog')).sort()).toEqual([first.version, changed.version].sort());
  });

  it('turns a + in the package version into a URL-safe dash', async () => {
    await writeFile(join(repo.root, 'shell', 'package.json'), JSON.stringify({ version: '1.2.3+build.7' }));
    expect((await publishApp(ctx, 'shell')).version).toMatch(/^1\.2\.3-build\.7-[0-9a-f]{10}$/);
  });

  it('refuses to overwrite a published version with different content', async () => {
    const { version } = await publishApp(ctx, 'catalog');
    const storedEntry = join(storeLayout(repo.storeDir).versionDir('catalog', version), 'remoteEntry.js');
    await writeFile(storedEntry, 'tampered');
    const error = await publishApp(ctx, 'catalog').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpsError);
    expect((error as OpsError).code).toBe('OPS_VERSION_CONFLICT');
    expect(await readFile(storedEntry, 'utf8')).toBe('tampered');

    await repo.rebuild('catalog', 'v2');
    await expect(publishApp(ctx, 'catalog', { version })).rejects.toThrow(/never overwritten/);
  });

  it('refuses a missing build and says how to make one', async () => {
    await rm(catalogDist(), { recursive: true });
    await expect(publishApp(ctx, 'catalog')).rejects.toThrow(/no build at mfe-catalog\/dist; run `pnpm build`/);
  });

  it('refuses a shell build without index.html', async () => {
    await rm(join(repo.root, 'shell', 'dist', 'index.html'));
    await expect(publishApp(ctx, 'shell')).rejects.toThrow(/shell: .* has no index.html/);
  });
});

describe('dashboard widgets', () => {
  it('publishes a catalog without its dashboard widgets, with a warning that names them', async () => {
    const result = await publishApp(ctx, 'catalog');
    expect(result.warnings).toEqual([
      'catalog: the build does not expose ./widgets/frequently-ordered, ./widgets/new-in-contract; the dashboard will show "temporarily unavailable" in place of those widgets',
    ]);
  });

  it('publishes a catalog that exposes them without a warning, and a remote that offers none', async () => {
    await writeFakeRemoteDist(catalogDist(), 'catalog', 'v3', ['./routes', './widgets/frequently-ordered', './widgets/new-in-contract']);
    expect((await publishApp(ctx, 'catalog')).warnings).toEqual([]);
    expect((await publishApp(ctx, 'checkout')).warnings).toEqual([]);
  });
});

describe('manifest validation at deploy', () => {
  beforeEach(async () => {
    await deployApp(ctx, 'shell', 'production');
    await deployApp(ctx, 'catalog', 'production');
  });

  const cases: Array<[string, () => Promise<void>, RegExp]> = [
    ['a missing manifest', () => rm(join(catalogDist(), 'mf-manifest.json')), /catalog: .*has no mf-manifest.json/],
    ['a manifest that is not JSON', () => writeFile(join(catalogDist(), 'mf-manifest.json'), '{ nope'), /not valid JSON/],
    ['a manifest of another shape', () => writeFile(join(catalogDist(), 'mf-manifest.json'), '{"name":"catalog"}'), /not a federation manifest/],
    ['no ./routes exposed', () => writeFakeRemoteDist(catalogDist(), 'catalog', 'v2', ['./widgets/recent']), /does not expose \.\/routes \(it exposes \.\/widgets\/recent\)/],
    ['another federation name', () => writeFakeRemoteDist(catalogDist(), 'checkout', 'v2'), /federation name "checkout", not "catalog"/],
    ['a fixed publicPath', async () => {
      const file = join(catalogDist(), 'mf-manifest.json');
      await writeFile(file, (await readFile(file, 'utf8')).replace('"auto"', '"http://localhost:3001/"'));
    }, /publicPath "http:\/\/localhost:3001\/"/],
    ['a file the manifest names is missing', () => rm(join(catalogDist(), 'remoteEntry.js')), /missing: remoteEntry\.js/],
  ];

  it.each(cases)('refuses %s, with a clear message, and leaves registry, history and store unchanged', async (_, breakIt, message) => {
    const registryBefore = await readFile(storeLayout(repo.storeDir).registryFile('production'), 'utf8');
    const versionsBefore = await ctx.store.listVersions('catalog');
    await breakIt();
    const error = await deployApp(ctx, 'catalog', 'production').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpsError);
    expect((error as Error).message).toMatch(message);
    expect(await readFile(storeLayout(repo.storeDir).registryFile('production'), 'utf8')).toBe(registryBefore);
    expect(await ctx.store.readHistory('production')).toHaveLength(2);
    expect(await ctx.store.listVersions('catalog')).toEqual(versionsBefore);
  });
});
