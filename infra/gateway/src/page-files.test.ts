import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstScreenHints } from './first-screen';
import { matchRoute, pageFileHints, parseFirstScreenMap, readShellFiles, type FirstScreenMap, type ShellFiles } from './page-files';
import type { RemoteFirstFiles } from './remote-first-files';
import { testRegistry } from './test-registry';

const route = (path: string, files: string[] = [], shared: string[] = []) => ({ path, files, shared });

describe('matching a path to a route of first-screen.json', () => {
  const routes = [route('products'), route('products/:slug'), route('products/new'), route('my-orders'), route('auth/login'), route('files/*')];
  const match = (path: string) => matchRoute(routes, path)?.path;

  it('takes the index route of a mount for the mount itself', () => {
    expect(match('products')).toBe('products');
    expect(match('products/')).toBe('products');
  });

  it('fills a :param with one segment, and prefers a static segment over it', () => {
    expect(match('products/red-chair')).toBe('products/:slug');
    expect(match('products/new')).toBe('products/new');
    expect(match('products/red-chair/more')).toBeUndefined();
  });

  it('lets a splat take the rest, and matches nothing for an unknown path', () => {
    expect(match('files/a/b')).toBe('files/*');
    expect(match('checkout/overview')).toBeUndefined();
    expect(match('')).toBeUndefined();
  });
});

const shellMap: FirstScreenMap = {
  messages: { en: ['static/js/806.s.js'], nl: ['static/js/593.s.js'] },
  routes: [route('', ['static/js/391.h.js', 'static/css/470.v.css', 'static/js/470.v.js'])],
};
const shell: ShellFiles = {
  map: shellMap,
  shared: new Map([
    ['@portal/shared/ui', ['/static/js/portal.p.js']],
    ['@portal/shared/ui/forms', ['/static/js/forms.f.js']],
    ['@portal/shared/schemas/auth', ['/static/js/66.a.js']],
    ['@portal/shared/ui/data', ['/static/js/645.d.js']],
  ]),
  inPage: new Set(['/static/js/portal.p.js', '/static/js/main.m.js']),
};
const authMap: FirstScreenMap = {
  messages: { en: ['static/js/806.r.js'], nl: ['static/js/593.r.js'] },
  routes: [
    route('auth/login', ['static/js/997.l.js'], ['@portal/shared/ui', '@portal/shared/ui/forms', '@portal/shared/schemas/auth']),
    route('auth/register', ['static/js/684.g.js'], ['@portal/shared/ui/forms']),
  ],
};
const catalogMap: FirstScreenMap = {
  messages: { en: ['static/js/806.c.js'] },
  routes: [
    route('products', ['static/js/292.p.js'], ['@portal/shared/ui/data', '@portal/shared/ui/forms']),
    route('products/:slug', ['static/css/923.d.css', 'static/js/923.d.js'], ['@portal/shared/ui/forms']),
    route('my-products', ['static/js/367.m.js'], []),
  ],
};

const registry = testRegistry();
const maps: Record<string, FirstScreenMap> = { auth: authMap, catalog: catalogMap };
const remoteFiles = async (manifest: string): Promise<RemoteFirstFiles> => {
  const dir = manifest.replace(/mf-manifest\.json$/, '');
  const name = manifest.split('/')[2]!;
  return { manifest, scripts: [`${dir}remoteEntry.js`, `${dir}static/js/routes.js`], styles: [], map: maps[name] };
};
const pageHrefs = async (pathname: string, hasSession = false, files: ShellFiles = shell) =>
  (await firstScreenHints(registry, { pathname, hasSession }, remoteFiles, async () => files))
    .map((h) => h.href)
    .filter((href) => !href.startsWith('/api/') && !href.endsWith('mf-manifest.json') && !href.endsWith('remoteEntry.js') && !href.endsWith('routes.js'));

describe('the page files the gateway hints (decision 026)', () => {
  it('hints the login page: both messages chunks, its page chunk and the shell files of its shared entries, none already in the page', async () => {
    expect(await pageHrefs('/en/auth/login')).toEqual([
      '/static/js/806.s.js',
      '/remotes/auth/a1/static/js/806.r.js',
      '/remotes/auth/a1/static/js/997.l.js',
      '/static/js/forms.f.js',
      '/static/js/66.a.js',
    ]);
  });

  it('takes the locale of the path', async () => {
    expect(await pageHrefs('/nl/auth/register')).toEqual([
      '/static/js/593.s.js',
      '/remotes/auth/a1/static/js/593.r.js',
      '/remotes/auth/a1/static/js/684.g.js',
      '/static/js/forms.f.js',
    ]);
  });

  it('matches an index route and a :slug route, style sheets first, no file twice', async () => {
    expect(await pageHrefs('/en/products')).toEqual([
      '/static/js/806.s.js',
      '/remotes/catalog/c1/static/js/806.c.js',
      '/remotes/catalog/c1/static/js/292.p.js',
      '/static/js/645.d.js',
      '/static/js/forms.f.js',
    ]);
    expect((await pageHrefs('/en/products/red-chair'))[0]).toBe('/remotes/catalog/c1/static/css/923.d.css');
  });

  it('hints the login page for a signed-in page without a session, and the page itself with one', async () => {
    expect(await pageHrefs('/en/my-products')).toContain('/remotes/auth/a1/static/js/997.l.js');
    expect(await pageHrefs('/en/my-products')).not.toContain('/remotes/catalog/c1/static/js/367.m.js');
    expect(await pageHrefs('/en/my-products', true)).toContain('/remotes/catalog/c1/static/js/367.m.js');
  });

  it('hints what the home page lazy-loads, and only the shell messages on another shell page', async () => {
    expect(await pageHrefs('/en')).toEqual(['/static/css/470.v.css', '/static/js/806.s.js', '/static/js/391.h.js', '/static/js/470.v.js']);
    expect(await pageHrefs('/en/faq')).toEqual([]);
  });

  it('hints less, never fails, for an unknown route, an unknown locale or a build without a map', async () => {
    expect(await pageHrefs('/en/products/a/b')).toEqual(['/static/js/806.s.js', '/remotes/catalog/c1/static/js/806.c.js']);
    expect(await pageHrefs('/de/auth/login')).toEqual(['/remotes/auth/a1/static/js/997.l.js', '/static/js/forms.f.js', '/static/js/66.a.js']);
    expect(await pageHrefs('/en/auth/login', false, { shared: new Map(), inPage: new Set() })).toEqual([
      '/remotes/auth/a1/static/js/806.r.js',
      '/remotes/auth/a1/static/js/997.l.js',
    ]);
  });

  it('leaves out what is already hinted', () => {
    const hints = pageFileHints({ locale: 'en', path: '' }, shell, new Set(['/static/js/806.s.js']));
    expect(hints.map((h) => h.href)).not.toContain('/static/js/806.s.js');
  });
});

describe('reading a shell version from the store', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('takes the shared files from mf-manifest.json and the page\'s own files from index.html', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gateway-shell-'));
    await writeFile(join(dir, 'first-screen.json'), JSON.stringify(shellMap));
    await writeFile(
      join(dir, 'mf-manifest.json'),
      JSON.stringify({ shared: [{ name: '@portal/shared/ui/forms', assets: { js: { sync: ['static/js/forms.f.js'] }, css: { sync: ['static/css/forms.f.css'] } } }] }),
    );
    await writeFile(join(dir, 'index.html'), '<link rel="preload" href="/static/js/6.js" as="script"><script defer src="/static/js/main.m.js"></script>');
    const files = await readShellFiles(dir);
    expect(files.map).toEqual(shellMap);
    expect(files.shared.get('@portal/shared/ui/forms')).toEqual(['/static/css/forms.f.css', '/static/js/forms.f.js']);
    expect([...files.inPage]).toEqual(['/static/js/6.js', '/static/js/main.m.js']);
  });

  it('reads a version without a map or with broken files as no files', async () => {
    dir = await mkdtemp(join(tmpdir(), 'gateway-shell-'));
    await writeFile(join(dir, 'mf-manifest.json'), '{not json');
    await writeFile(join(dir, 'first-screen.json'), '{"messages": 3}');
    const files = await readShellFiles(dir);
    expect(files.map).toBeUndefined();
    expect(files.shared.size).toBe(0);
    expect(parseFirstScreenMap('{')).toBeUndefined();
  });
});
