import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REMOTE_NAMES } from './apps';
import type { OpsContext } from './context';
import { deployApp, publishAll } from './deploy';
import { DirectoryStore } from './directory-store';
import { publishApp } from './publish';
import { rollback } from './rollback';
import { getHistory, getStatus } from './status';
import { createFakeRepo, type FakeRepo } from './testing';

let repo: FakeRepo;
let ctx: OpsContext;
let clock: number;
beforeEach(async () => {
  repo = await createFakeRepo();
  clock = Date.parse('2030-01-01T10:00:00.000Z');
  // Each operation one minute later, so "when" is checkable.
  ctx = { store: new DirectoryStore(repo.storeDir), repoRoot: repo.root, by: 'alice', now: () => new Date((clock += 60_000)) };
});
afterEach(() => repo.cleanup());

/** Builds and deploys a new catalog version; returns the version. */
async function shipCatalog(marker: string, environment = 'production'): Promise<string> {
  await repo.rebuild('catalog', marker);
  return (await deployApp(ctx, 'catalog', environment, { reason: `ship ${marker}` })).to;
}

describe('deploy', () => {
  it('refuses a remote in an environment that has no shell yet', async () => {
    await expect(deployApp(ctx, 'catalog', 'production')).rejects.toThrow(/production has no shell yet/);
    expect(await ctx.store.readRegistry('production')).toBeUndefined();
  });

  it('moves the pointer, points at the manifest URL and records who, when, why, from and to', async () => {
    const shell = await deployApp(ctx, 'shell', 'production', { reason: 'first' });
    const v1 = await shipCatalog('v1');
    const v2 = await shipCatalog('v2');
    const registry = await ctx.store.readRegistry('production');
    expect(registry).toMatchObject({
      environment: 'production',
      shell: { version: shell.to },
      remotes: { catalog: { version: v2, manifest: `/remotes/catalog/${v2}/mf-manifest.json` } },
    });
    const history = await getHistory(ctx, 'catalog', 'production');
    expect(history.map((e) => [e.action, e.from, e.to, e.by, e.reason])).toEqual([
      ['deploy', v1, v2, 'alice', 'ship v2'],
      ['deploy', null, v1, 'alice', 'ship v1'],
    ]);
    expect(history[0]!.at).toBe(registry!.updatedAt);
  });

  it('deploys an already published version by name and does nothing when it is already live', async () => {
    await deployApp(ctx, 'shell', 'production');
    const v1 = await shipCatalog('v1');
    await shipCatalog('v2');
    const back = await deployApp(ctx, 'catalog', 'production', { version: v1 });
    expect(back).toMatchObject({ to: v1, changed: true });
    const again = await deployApp(ctx, 'catalog', 'production', { version: v1 });
    expect(again.changed).toBe(false);
    expect(await getHistory(ctx, 'catalog', 'production')).toHaveLength(3);
    await expect(deployApp(ctx, 'catalog', 'production', { version: '0.1.0-ffffffffff' })).rejects.toThrow(/is not in .*published: /);
  });

  it('keeps environments apart', async () => {
    await deployApp(ctx, 'shell', 'development');
    const dev = await shipCatalog('dev', 'development');
    expect(await ctx.store.readRegistry('production')).toBeUndefined();
    expect((await ctx.store.readRegistry('development'))?.remotes.catalog?.version).toBe(dev);
  });

  it('loses no change when deploys of different remotes run at the same time', async () => {
    await deployApp(ctx, 'shell', 'production');
    const versions = await Promise.all(REMOTE_NAMES.map(async (name) => (await publishApp(ctx, name)).version));
    await Promise.all(REMOTE_NAMES.map((name, i) => deployApp(ctx, name, 'production', { version: versions[i] })));
    const registry = await ctx.store.readRegistry('production');
    expect(Object.keys(registry!.remotes).sort()).toEqual([...REMOTE_NAMES].sort());
    expect(await ctx.store.readHistory('production')).toHaveLength(1 + REMOTE_NAMES.length);
  });
});

describe('publish-all', () => {
  it('publishes and makes live the shell and every remote in one registry write', async () => {
    const { published, changes } = await publishAll(ctx, 'production');
    expect(published.map((p) => p.app)).toEqual(['shell', ...REMOTE_NAMES]);
    expect(changes.every((c) => c.changed)).toBe(true);
    const registry = await ctx.store.readRegistry('production');
    expect(Object.keys(registry!.remotes).sort()).toEqual([...REMOTE_NAMES].sort());
    // Running it again on unchanged builds changes nothing.
    const again = await publishAll(ctx, 'production');
    expect(again.changes.some((c) => c.changed)).toBe(false);
    expect(await ctx.store.readHistory('production')).toHaveLength(6);
  });

  it('moves nothing when one build is broken, and names it', async () => {
    await repo.rebuild('orders', 'v2');
    const { rm } = await import('node:fs/promises');
    await rm(`${repo.root}/mfe-orders/dist/mf-manifest.json`);
    await expect(publishAll(ctx, 'production')).rejects.toThrow(/nothing deployed to production:\n {2}orders: /);
    expect(await ctx.store.readRegistry('production')).toBeUndefined();
  });
});

describe('rollback', () => {
  beforeEach(() => deployApp(ctx, 'shell', 'production'));

  it('moves the pointer back to the previous version without touching the build', async () => {
    const v1 = await shipCatalog('v1');
    const v2 = await shipCatalog('v2');
    const versionsBefore = (await ctx.store.listVersions('catalog')).sort();
    const change = await rollback(ctx, 'catalog', 'production', { reason: 'checkout broken' });
    expect(change).toMatchObject({ from: v2, to: v1, changed: true });
    expect((await ctx.store.readRegistry('production'))?.remotes.catalog?.version).toBe(v1);
    expect((await ctx.store.listVersions('catalog')).sort()).toEqual(versionsBefore);
    expect((await getHistory(ctx, 'catalog', 'production'))[0]).toMatchObject({ action: 'rollback', from: v2, to: v1, reason: 'checkout broken' });
  });

  it('goes further back on a second rollback instead of flipping between two versions', async () => {
    const v1 = await shipCatalog('v1');
    const v2 = await shipCatalog('v2');
    await shipCatalog('v3');
    expect((await rollback(ctx, 'catalog', 'production')).to).toBe(v2);
    expect((await rollback(ctx, 'catalog', 'production')).to).toBe(v1);
    await expect(rollback(ctx, 'catalog', 'production')).rejects.toThrow(/no version of catalog was live before/);
  });

  it('goes to a named version with --to, and refuses an unpublished one', async () => {
    const v1 = await shipCatalog('v1');
    await shipCatalog('v2');
    await shipCatalog('v3');
    expect((await rollback(ctx, 'catalog', 'production', { to: v1 })).to).toBe(v1);
    await expect(rollback(ctx, 'catalog', 'production', { to: '9.9.9-0000000000' })).rejects.toThrow(/not in/);
    await expect(rollback(ctx, 'catalog', 'production', { to: v1 })).rejects.toThrow(/already live/);
  });

  it('refuses an app that was never deployed there', async () => {
    await expect(rollback(ctx, 'orders', 'production')).rejects.toThrow(/orders has never been deployed to production/);
  });
});

describe('status', () => {
  it('lists every environment with each app, its live version and when it last changed', async () => {
    await deployApp(ctx, 'shell', 'production', { reason: 'launch' });
    const v1 = await shipCatalog('v1');
    const status = await getStatus(ctx);
    expect(status.map((s) => s.environment)).toEqual(['development', 'production']);
    expect(status[0]).toMatchObject({ environment: 'development', updatedAt: null });
    const production = status[1]!;
    expect(production.apps.map((a) => a.app)).toEqual(['shell', ...REMOTE_NAMES]);
    expect(production.apps.find((a) => a.app === 'catalog')).toEqual({
      app: 'catalog',
      version: v1,
      canary: null,
      changedAt: '2030-01-01T10:02:00.000Z',
      changedBy: 'alice',
      reason: 'ship v1',
      judged: null,
    });
    expect(production.apps.find((a) => a.app === 'orders')).toMatchObject({ version: null, changedAt: null });
    expect(JSON.parse(JSON.stringify(status))).toEqual(status);
  });
});
