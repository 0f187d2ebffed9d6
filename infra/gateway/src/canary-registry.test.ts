import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryStore, publishAll, startCanary, type OpsContext } from '@portal/deploy';
import { createFakeRepo, type FakeRepo } from '@portal/deploy/testing';
import type { Registry } from '@portal/shared/schemas';
import { inCanary } from './canary-bucket';
import { registerGateway } from './gateway';

// The gateway's side of a canary: which registry each browser sees, and the poll interval in the page.

let repo: FakeRepo;
let ctx: OpsContext;
let app: FastifyInstance;
let live: string;
let canary: string;

beforeAll(async () => {
  repo = await createFakeRepo();
  ctx = { store: new DirectoryStore(repo.storeDir), repoRoot: repo.root, by: 'test' };
  await publishAll(ctx, 'production');
  live = (await ctx.store.readRegistry('production'))!.remotes.catalog!.version;
  await repo.rebuild('catalog', 'v2');
  canary = (await startCanary(ctx, 'catalog', 'production', { percent: 30 })).canary!.version;
  app = Fastify();
  await registerGateway(app, { storeDir: repo.storeDir, environment: 'production', versionPollMs: 1500 });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await repo.cleanup();
});

/** A `tokens` cookie for a buyer of `org` (unsigned: the gateway only decodes it). */
function buyerCookie(org: string): string {
  const claims = Buffer.from(JSON.stringify({ sub: `u-${org}`, org, role: 'buyer' })).toString('base64url');
  return `tokens=${encodeURIComponent(JSON.stringify({ access_token: `e30.${claims}.sig` }))}`;
}

const registryAs = async (cookie?: string) => {
  const res = await app.inject({ method: 'GET', url: '/registry/production.json', headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return { res, doc: res.json<Registry>() };
};

describe('registry with a canary', () => {
  it('gives each organisation the canary or the live version by its bucket, always the same one, without the canary\'s share', async () => {
    const orgs = Array.from({ length: 60 }, (_, i) => `org-${i}`);
    let inIt = 0;
    for (const org of orgs) {
      const expected = inCanary('catalog', `org:${org}`, 30) ? canary : live;
      for (let i = 0; i < 2; i++) {
        const { doc, res } = await registryAs(buyerCookie(org));
        // A browser in the canary learns that it is (its reports and API calls say so, decision 072),
        // never the share nor the other version; a stable browser learns nothing.
        const release = expected === canary ? { release: 'canary' } : {};
        expect(doc.remotes.catalog).toEqual({ version: expected, manifest: `/remotes/catalog/${expected}/mf-manifest.json`, ...release });
        expect(JSON.stringify(doc)).not.toContain('percent');
        if (expected === live) expect(JSON.stringify(doc)).not.toContain('canary');
        expect(res.headers['vary']).toBe('cookie');
        expect(res.headers['cache-control']).toBe('no-cache, no-store');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      if (expected === canary) inIt++;
    }
    // Both groups exist (at 30 %, 60 organisations all landing on one side has odds below 1e-9).
    expect(inIt).toBeGreaterThan(0);
    expect(inIt).toBeLessThan(orgs.length);
  });

  it('gives a visitor a bucket cookie and keeps them on one version with it', async () => {
    const first = await registryAs();
    const setCookie = String(first.res.headers['set-cookie']);
    expect(setCookie).toMatch(/^portal_bucket=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=34560000; SameSite=Lax; HttpOnly$/);
    const cookie = setCookie.split(';')[0]!;
    for (let i = 0; i < 3; i++) {
      const again = await registryAs(cookie);
      expect(again.doc.remotes.catalog!.version).toBe(first.doc.remotes.catalog!.version);
      expect(again.res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('leaves the other remotes and the shell as they are', async () => {
    const { doc } = await registryAs(buyerCookie('org-1'));
    const stored = (await ctx.store.readRegistry('production'))!;
    expect(doc.shell).toEqual(stored.shell);
    expect(doc.remotes.checkout).toEqual(stored.remotes.checkout);
  });
});

describe('index.html', () => {
  it('carries the poll interval the gateway was given', async () => {
    const res = await app.inject({ method: 'GET', url: '/en/products', headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0' } });
    expect(res.body).toContain('<meta name="portal-version-poll-ms" content="1500">');
    expect(res.body).not.toContain('__PORTAL_VERSION_POLL_MS__');
  });
});

describe('index.html with a canary (decision 024)', () => {
  const page = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0', ...(cookie ? { cookie } : {}) } });
  const registryBlock = (body: string) =>
    JSON.parse(/<script type="application\/json" id="portal-registry">([^<]*)<\/script>/.exec(body)![1]!) as Registry;

  it('carries the registry each organisation\'s GET /registry gets, and hints that version of the remote', async () => {
    for (const org of Array.from({ length: 20 }, (_, i) => `org-${i}`)) {
      const res = await page('/en/products', buyerCookie(org));
      const { doc } = await registryAs(buyerCookie(org));
      const block = registryBlock(res.body);
      expect(block).toEqual(doc);
      expect(res.body).not.toContain('percent');
      if (block.remotes.catalog!.version === live) expect(res.body).not.toContain('canary');
      expect(res.body).toContain(`<link rel="preload" href="/remotes/catalog/${block.remotes.catalog!.version}/remoteEntry.js" as="script">`);
      const other = block.remotes.catalog!.version === canary ? live : canary;
      expect(res.body).not.toContain(`/remotes/catalog/${other}/`);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toContain('cookie');
    }
  });

  it('gives a new visitor the bucket cookie with the page, and the registry that cookie gets afterwards', async () => {
    const first = await page('/en/products');
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^portal_bucket=/);
    const { doc, res } = await registryAs(cookie);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(registryBlock(first.body)).toEqual(doc);
  });
});
