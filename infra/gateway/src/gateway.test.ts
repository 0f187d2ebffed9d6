import { readFile, rm, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployApp, DirectoryStore, publishAll, rollback, storeLayout, type OpsContext } from '@portal/deploy';
import { createFakeRepo, type FakeRepo } from '@portal/deploy/testing';
import { RegistrySchema, type Registry } from '@portal/shared/schemas';
import { registerGateway } from './gateway';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

let repo: FakeRepo;
let ctx: OpsContext;
let app: FastifyInstance;
let registry: Registry;

/** A plain Fastify instance shaped like the API service's: its routes in a plugin under /api. */
async function buildGateway(environment: string, oauthClient?: { id: string; secret: string }): Promise<FastifyInstance> {
  const instance = Fastify();
  await instance.register(
    async (api) => {
      api.setNotFoundHandler((_request, reply) => reply.code(404).type('application/problem+json').send({ code: 'NOT_FOUND' }));
      api.get('/health', async () => ({ ok: true }));
    },
    { prefix: '/api' },
  );
  await registerGateway(instance, { storeDir: repo.storeDir, environment, ...(oauthClient ? { oauthClient } : {}) });
  await instance.ready();
  return instance;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });

beforeAll(async () => {
  repo = await createFakeRepo();
  ctx = { store: new DirectoryStore(repo.storeDir), repoRoot: repo.root, by: 'test' };
  await publishAll(ctx, 'production');
  registry = (await ctx.store.readRegistry('production'))!;
  app = await buildGateway('production');
});
afterAll(async () => {
  await app.close();
  await repo.cleanup();
});

describe('registry', () => {
  it('serves the environment registry, never cached, readable cross-origin', async () => {
    const res = await get('/registry/production.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache, no-store');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(v.parse(RegistrySchema, res.json())).toEqual(registry);
    // No canary running: nobody needs a bucket, so no cookie is set.
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 404 for an unknown environment or a name that is not one', async () => {
    expect((await get('/registry/staging.json')).statusCode).toBe(404);
    expect((await get('/registry/production.lock')).statusCode).toBe(404);
    expect((await get('/registry/production.history.jsonl')).statusCode).toBe(404);
  });
});

describe('remotes', () => {
  it('serves a remote manifest immutable and with CORS', async () => {
    const res = await get(registry.remotes.catalog!.manifest);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toMatchObject({ name: 'catalog' });
  });

  it('answers a CORS preflight', async () => {
    const res = await app.inject({ method: 'OPTIONS', url: registry.remotes.catalog!.manifest });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 404 for a missing file, without caching the 404 forever', async () => {
    const res = await get(`/remotes/catalog/${registry.remotes.catalog!.version}/nope.js`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
    expect((await get('/remotes/catalog/0.0.0-0000000000/remoteEntry.js')).statusCode).toBe(404);
  });
});

describe('pages', () => {
  it('serves index.html with the environment filled in, revalidated on every load', async () => {
    const res = await get('/en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain('<meta name="portal-environment" content="production">');
    expect(res.body).not.toContain('__PORTAL_ENVIRONMENT__');
    // Without PORTAL_VERSION_POLL_MS the open tabs look for a new version once a minute.
    expect(res.body).toContain('<meta name="portal-version-poll-ms" content="60000">');
    const head = await app.inject({ method: 'HEAD', url: '/en' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('writes the browser OAuth client into the page, escaped, or leaves it empty when none is set', async () => {
    expect((await get('/en')).body).toContain('<meta name="portal-oauth-client-id" content="">');
    const configured = await buildGateway('production', { id: 'portal-web', secret: 'a"b<c>&d' });
    try {
      const body = (await configured.inject({ url: '/en', headers: { 'user-agent': 'Mozilla/5.0 Chrome/156' } })).body;
      expect(body).toContain('<meta name="portal-oauth-client-id" content="portal-web">');
      expect(body).toContain('<meta name="portal-oauth-client-secret" content="a&#34;b&#60;c&#62;&#38;d">');
      expect(body).not.toContain('__PORTAL_OAUTH');
    } finally {
      await configured.close();
    }
  });

  it.each(['/', '/en/', '/nl/auth/login', '/fr/products/kit-1', '/xx/my-orders/o-1', '/en/policies/refund-policy', '/fr/user/users/new'])(
    'answers 200 with the shell for the known page %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it.each(['/en/no-such-page', '/de', '/wp-login.php', '/en/productsx/1', '/en/auth/nope', '/nl/products/a/b', '/fr/policies', '/xx/checkout/nope'])('answers 404 with the shell for the unknown %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="root">');
  });

  it.each([
    ['/products?q=x', {}, '/en/products?q=x'],
    ['/faq', { 'accept-language': 'fr-BE,fr;q=0.9,en;q=0.8' }, '/fr/faq'],
    ['/my-orders', { 'accept-language': 'en;q=0.5,nl-BE' }, '/nl/my-orders'],
    ['/checkout/overview', { 'accept-language': 'nl', cookie: 'tokens=x; locale=fr' }, '/fr/checkout/overview'],
    ['/policies/refund-policy', { 'accept-language': 'xx, de' }, '/en/policies/refund-policy'],
  ] as const)('redirects the unprefixed page %s to the detected language', async (url, headers, location) => {
    const res = await get(url, headers);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it('gives crawlers a plain 404 for unknown paths but the page for known ones', async () => {
    const unknown = await get('/en/no-such-page', { 'user-agent': GOOGLEBOT });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(unknown.body).toBe('Not Found');
    const bing = await get('/wp-admin', { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' });
    expect(bing.body).toBe('Not Found');
    const known = await get('/en/products', { 'user-agent': GOOGLEBOT });
    expect(known.statusCode).toBe(200);
    expect(known.body).toContain('<div id="root">');
  });

  it('serves files at the root of the shell build, revalidated', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe('icon');
  });

  it('leaves unknown /api paths to the API\'s own not-found handler', async () => {
    expect((await get('/api/health')).json()).toEqual({ ok: true });
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toEqual({ code: 'NOT_FOUND' });
  });

  it('answers other methods and missing files with a plain 404, not the shell', async () => {
    for (const res of [await app.inject({ method: 'POST', url: '/en' }), await get('/static/js/gone.js'), await get('/remotes/catalog')]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });
});

describe('static assets of the shell', () => {
  it('serves the live shell assets immutable, and keeps older shells assets after a shell deploy', async () => {
    const old = await get('/static/js/main.v1.js');
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    await repo.rebuild('shell', 'v2');
    await deployApp(ctx, 'shell', 'production');
    expect((await get('/en')).body).toContain('/static/js/main.v2.js');
    expect((await get('/static/js/main.v2.js')).statusCode).toBe(200);
    // An open tab from before the deploy still gets its chunk.
    const stillThere = await get('/static/js/main.v1.js');
    expect(stillThere.statusCode).toBe(200);
    expect(stillThere.body).toContain("shell v1");
    expect((await get('/static/js/main.v3.js')).statusCode).toBe(404);

    // A rollback is seen by the next page load.
    await rollback(ctx, 'shell', 'production');
    expect((await get('/en')).body).toContain('/static/js/main.v1.js');
  });
});

describe('environments', () => {
  it('serves another environment from its own registry, with its name in the page', async () => {
    await deployApp(ctx, 'shell', 'development');
    const dev = await buildGateway('development');
    try {
      const res = await dev.inject({ method: 'GET', url: '/en' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('content="development"');
    } finally {
      await dev.close();
    }
  });

  it('says what to run when nothing is deployed', async () => {
    const empty = await buildGateway('staging');
    try {
      const res = await empty.inject({ method: 'GET', url: '/en' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('pnpm ops publish-all --env staging');
    } finally {
      await empty.close();
    }
  });

  it('keeps serving the last good registry if the file is damaged by hand', async () => {
    expect((await get('/en')).statusCode).toBe(200);
    const file = storeLayout(repo.storeDir).registryFile('production');
    const good = await readFile(file, 'utf8');
    await writeFile(file, '{ "broken": ');
    try {
      expect((await get('/en')).statusCode).toBe(200);
    } finally {
      await writeFile(file, good);
    }
  });
});

describe('compression', () => {
  it('compresses text assets with brotli or gzip as the client accepts', async () => {
    const url = `/remotes/catalog/${registry.remotes.catalog!.version}/remoteEntry.js`;
    const original = await readFile(join(storeLayout(repo.storeDir).versionDir('catalog', registry.remotes.catalog!.version), 'remoteEntry.js'));

    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(original.length);

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true);

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it("sends a build's pre-compressed copies as they are, and the file itself to a client without them", async () => {
    const version = registry.remotes.catalog!.version;
    const url = `/remotes/catalog/${version}/remoteEntry.js`;
    const file = join(storeLayout(repo.storeDir).versionDir('catalog', version), 'remoteEntry.js');
    const original = await readFile(file);
    // As the build writes them (precompress.mjs): brotli 11 and gzip 9, not what the gateway would make.
    const copies = { br: brotliCompressSync(original, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gz: gzipSync(original, { level: 9 }) };
    await writeFile(`${file}.br`, copies.br);
    await writeFile(`${file}.gz`, copies.gz);
    try {
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(br.rawPayload.equals(copies.br)).toBe(true);

      const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.rawPayload.equals(copies.gz)).toBe(true);

      const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(original)).toBe(true);
      // A copy is no file of its own to ask for by its name's extension.
      expect((await app.inject({ method: 'GET', url: `${url}.br` })).headers['content-type']).not.toMatch(/javascript/);
    } finally {
      await rm(`${file}.br`);
      await rm(`${file}.gz`);
    }
  });

  it('compresses the page too, for 200 and 404 alike', async () => {
    const gzip = await get('/en', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('content="production"');
    const br = await get('/en/no-such-page', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(404);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('content="production"');
    const plain = await get('/en', { 'accept-encoding': 'br;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('content="production"');
  });
});

describe('path traversal', () => {
  const SECRET = 'do-not-serve-this';
  let base: string;
  beforeAll(async () => {
    // A file just outside the store: every attempt below aims at it or at the unserved history file.
    await writeFile(join(repo.storeDir, '..', 'secret.txt'), SECRET);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** Sends the path byte for byte: inject() and fetch() normalise dot segments before we see them. */
  function raw(path: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = httpGet(`${base}/`, { path }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
  }

  const version = () => registry.remotes.catalog!.version;
  const attempts = () => [
    '/remotes/../../etc/passwd',
    '/remotes/catalog/../../../secret.txt',
    '/remotes/%2e%2e/%2e%2e/secret.txt',
    `/remotes/catalog/${version()}/../../../../secret.txt`,
    `/remotes/catalog/${version()}/..%2f..%2f..%2f..%2fsecret.txt`,
    `/remotes/catalog/${version()}/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.txt`,
    `/remotes/catalog/${version()}/%2E%2E%2F%2E%2E%2F%2E%2E%2F%2E%2E%2Fsecret.txt`,
    `/remotes/catalog/${version()}/%252e%252e/%252e%252e/%252e%252e/%252e%252e/secret.txt`,
    `/remotes/catalog/${version()}/..%5c..%5c..%5c..%5csecret.txt`,
    `/remotes/catalog/${version()}/../../../registry/production.history.jsonl`,
    `/remotes/catalog/${version()}/%2e%2e%2f%2e%2e%2f%2e%2e%2fregistry%2fproduction.history.jsonl`,
    '/static/..%2f..%2f..%2f..%2fsecret.txt',
    '/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.txt',
    '/static/../../../../secret.txt',
    '/static/../../../registry/production.history.jsonl',
    '/static/....//....//secret.txt',
    '/registry/..%2fsecret.txt',
    '/..%2f..%2fsecret.txt',
  ];

  it('refuses every attempt sent raw over HTTP', async () => {
    for (const path of attempts()) {
      const res = await raw(path);
      expect.soft(res.status, path).toBeGreaterThanOrEqual(400);
      expect.soft(res.body, path).not.toContain(SECRET);
      expect.soft(res.body, path).not.toContain('"action"');
      expect.soft(res.body, path).not.toContain('root:x:0:0');
    }
    // The same server does serve a legitimate file, so the refusals above are not a broken server.
    expect((await raw(`/remotes/catalog/${version()}/remoteEntry.js`)).status).toBe(200);
  });

  it('refuses every attempt through inject as well', async () => {
    for (const path of attempts()) {
      const res = await get(path);
      expect.soft(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect.soft(res.body, path).not.toContain(SECRET);
      expect.soft(res.body, path).not.toContain('"action"');
    }
  });
});

describe('security headers', () => {
  it('sends the page with a strict Content-Security-Policy and no framing', async () => {
    const res = await get('/en/products');
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends nosniff and no framing on files and the registry too', async () => {
    for (const url of ['/registry/production.json', registry.remotes.catalog!.manifest]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});

describe('first screen (decision 024)', () => {
  /** The page's registry block, parsed. */
  const registryBlock = (body: string) =>
    JSON.parse(/<script type="application\/json" id="portal-registry">([^<]*)<\/script>/.exec(body)![1]!) as unknown;

  it('writes the registry into the page and hints the route\'s remote files from its manifest', async () => {
    const res = await get('/en/products');
    expect(res.statusCode).toBe(200);
    // The tests above deploy and roll back: the page carries the registry as it is now.
    const registry = (await ctx.store.readRegistry('production'))!;
    expect(registryBlock(res.body)).toEqual(registry);
    const catalog = `/remotes/catalog/${registry.remotes.catalog!.version}`;
    // This API has no texts or route rules (404): they stay fetches, hinted; the manifest is in the page.
    for (const href of ['/api/v1/translations', '/api/v1/route-rules?path=%2Fen%2Fproducts']) {
      expect(res.body).toContain(`<link rel="preload" href="${href}" as="fetch" crossorigin="anonymous">`);
    }
    expect(res.body).not.toContain(`href="${catalog}/mf-manifest.json"`);
    expect(res.body).toContain(`<script type="application/json" id="portal-remote-manifest">{"url":"${catalog}/mf-manifest.json"`);
    // remoteEntry.js and the `./routes` chunk the fake build's manifest names.
    expect(res.body).toContain(`<link rel="preload" href="${catalog}/remoteEntry.js" as="script">`);
    expect(res.body).toContain(`<link rel="preload" href="${catalog}/static/js/async/routes.v1.js" as="script">`);
    expect(res.headers.link).toContain(`<${catalog}/remoteEntry.js>; rel=preload; as=script`);
    // Everything before </head>, and the page still runs no inline script.
    expect(res.body.indexOf('id="portal-registry"')).toBeLessThan(res.body.indexOf('</head>'));
    for (const tag of res.body.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/ src=|type="application\/json"/);
    expect(/script-src [^;]*/.exec(String(res.headers['content-security-policy']))![0]).not.toContain('unsafe-inline');
    expect(res.headers.vary).toContain('cookie');
  });

  it('hints the login page\'s remote for a signed-in page without a session, the page\'s own with one', async () => {
    const registry = (await ctx.store.readRegistry('production'))!;
    const auth = `/remotes/auth/${registry.remotes.auth!.version}/remoteEntry.js`;
    const orders = `/remotes/orders/${registry.remotes.orders!.version}/remoteEntry.js`;
    expect((await get('/en/my-orders')).body).toContain(auth);
    const signedIn = (await get('/en/my-orders', { cookie: 'tokens=x' })).body;
    expect(signedIn).toContain(orders);
    expect(signedIn).not.toContain(auth);
  });

  it('hints the page files of the builds\' first-screen.json (decision 026), read by a gateway that starts after they exist', async () => {
    const registry = (await ctx.store.readRegistry('production'))!;
    const layout = storeLayout(repo.storeDir);
    const auth = `/remotes/auth/${registry.remotes.auth!.version}`;
    const map = { messages: { en: ['static/js/806.a.js'] }, routes: [{ path: 'auth/login', files: ['static/js/997.a.js'], shared: [] }] };
    await writeFile(join(layout.versionDir('auth', registry.remotes.auth!.version), 'first-screen.json'), JSON.stringify(map));
    const shellMap = { messages: { en: ['static/js/806.s.js'] }, routes: [{ path: '', files: ['static/js/391.h.js'], shared: [] }] };
    await writeFile(join(layout.versionDir('shell', registry.shell.version), 'first-screen.json'), JSON.stringify(shellMap));
    const fresh = await buildGateway('production');
    try {
      const inject = (url: string) => fresh.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
      const login = await inject('/en/auth/login');
      for (const href of ['/static/js/806.s.js', `${auth}/static/js/806.a.js`, `${auth}/static/js/997.a.js`]) {
        expect(login.body).toContain(`<link rel="preload" href="${href}" as="script">`);
        expect(login.headers.link).toContain(`<${href}>; rel=preload; as=script`);
      }
      expect((await inject('/en')).body).toContain('<link rel="preload" href="/static/js/391.h.js" as="script">');
      expect((await inject('/en/faq')).body).not.toContain('391.h.js');
    } finally {
      await fresh.close();
      }
    });

  it('carries the texts, route rules and remote manifest as data blocks, without the hints they replace (decision 027)', async () => {
    const texts = [{ key: 'seo.home.description', en: 'a </script> b', nl: 'nl', fr: 'fr' }];
    let rulesStatus = 200;
    const withApi = Fastify();
    await withApi.register(
      async (api) => {
        api.get('/v1/translations', async () => texts);
        api.get<{ Querystring: { path: string } }>('/v1/route-rules', async (request, reply) =>
          reply.code(rulesStatus).send({ path: request.query.path, locale: null, pattern: null, redirect: null, middleware: [] }),
        );
      },
      { prefix: '/api' },
    );
    await registerGateway(withApi, { storeDir: repo.storeDir, environment: 'production' });
    try {
      const registry = (await ctx.store.readRegistry('production'))!;
      const manifest = registry.remotes.catalog!.manifest;
      const res = await withApi.inject({ url: '/nl/products', headers: { 'user-agent': BROWSER } });
      const block = (id: string) => JSON.parse(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(res.body)![1]!) as unknown;
      expect(block('portal-translations')).toEqual(texts);
      expect(block('portal-route-rules')).toEqual({ path: '/nl/products', rule: expect.objectContaining({ path: '/nl/products' }) });
      const stored = JSON.parse(await readFile(join(storeLayout(repo.storeDir).versionDir('catalog', registry.remotes.catalog!.version), 'mf-manifest.json'), 'utf8'));
      expect(block('portal-remote-manifest')).toEqual({ url: manifest, manifest: stored });
      // No fetch hint duplicates a block, in the page or in the Link header; the file hints stay.
      expect(res.body).not.toContain('as="fetch"');
      expect(res.headers.link).not.toContain('as=fetch');
      expect(res.body).toContain('remoteEntry.js" as="script">');
      expect(res.body.lastIndexOf('</script>')).toBeLessThan(res.body.indexOf('</head>'));

      // The API fails for the route rules: the page is served, with their hint instead of their block.
      rulesStatus = 500;
      const degraded = await withApi.inject({ url: '/en/products', headers: { 'user-agent': BROWSER } });
      expect(degraded.statusCode).toBe(200);
      expect(degraded.body).not.toContain('id="portal-route-rules"');
      expect(degraded.body).toContain('<link rel="preload" href="/api/v1/route-rules?path=%2Fen%2Fproducts" as="fetch" crossorigin="anonymous">');
      expect(degraded.body).toContain('id="portal-translations"');
      expect(degraded.body).not.toContain('href="/api/v1/translations"');
    } finally {
      await withApi.close();
    }
  });

  it("carries a visitor's shop index first page, asked anonymously as the catalog asks it (decision 030)", async () => {
    const withApi = Fastify();
    await withApi.register(
      async (api) => {
        // Echoes what the catalog would be answered for: the query and the headers that choose the answer.
        const echo = (request: FastifyRequest) => ({
          query: request.query,
          shop: request.headers['x-shop-type'],
          language: request.headers['accept-language'],
          cookie: request.headers.cookie ?? null,
          authorization: request.headers.authorization ?? null,
        });
        api.get('/v1/catalog/products', async (request) => echo(request));
        api.get('/v1/catalog/facets', async (request) => echo(request));
      },
      { prefix: '/api' },
    );
    await registerGateway(withApi, { storeDir: repo.storeDir, environment: 'production' });
    try {
      const page = (url: string, cookie?: string) => withApi.inject({ url, headers: { 'user-agent': BROWSER, ...(cookie ? { cookie } : {}) } });
      const res = await page('/nl/products?shop=tactical&page=2&sort=name_desc&brand=north', 'portal_bucket=v1');
      const block = JSON.parse(/<script type="application\/json" id="portal-catalog-first-page">([^<]*)<\/script>/.exec(res.body)![1]!) as Record<string, unknown>;
      const anonymous = { shop: 'tactical', language: 'nl-BE', cookie: null, authorization: null };
      expect(block).toEqual({
        shop: 'tactical',
        locale: 'nl',
        query: 'brand=north&page=2&sort=name_desc',
        products: { query: { brand: 'north', page: '2', sort: 'name_desc' }, ...anonymous },
        facets: { query: { brand: 'north' }, ...anonymous },
      });
      // A session may see other answers (a contract): the catalog fetches them with its token.
      expect((await page('/nl/products', 'tokens=abc')).body).not.toContain('portal-catalog-first-page');
      expect((await page('/nl/products/a-helmet')).body).not.toContain('portal-catalog-first-page');
    } finally {
      await withApi.close();
    }
  });

  it('compresses the page made per request', async () => {
    const gzip = await get('/en/auth/login', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('id="portal-registry"');
  });
});
