import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { abortCanary, promoteCanary, startCanary } from './canary';
import type { OpsContext } from './context';
import { deployApp, publishAll } from './deploy';
import { DirectoryStore } from './directory-store';
import { formatStatus } from './format';
import { rollback } from './rollback';
import { getHistory, getStatus } from './status';
import { createFakeRepo, type FakeRepo } from './testing';

let repo: FakeRepo;
let ctx: OpsContext;
let clock: number;
let live: string;
beforeEach(async () => {
  repo = await createFakeRepo();
  clock = Date.parse('2030-01-01T10:00:00.000Z');
  ctx = { store: new DirectoryStore(repo.storeDir), repoRoot: repo.root, by: 'alice', now: () => new Date((clock += 60_000)) };
  await publishAll(ctx, 'production');
  live = (await ctx.store.readRegistry('production'))!.remotes.catalog!.version;
});
afterEach(() => repo.cleanup());

/** Builds a new catalog and starts it as a canary at `percent`; returns its version. */
async function canary(marker: string, percent: number): Promise<string> {
  await repo.rebuild('catalog', marker);
  return (await startCanary(ctx, 'catalog', 'production', { percent, reason: `try ${marker}` })).canary!.version;
}

const catalogEntry = async () => (await ctx.store.readRegistry('production'))!.remotes.catalog!;

describe('canary', () => {
  it('serves a second version beside the live one, records it, and changes its percent in place', async () => {
    const v2 = await canary('v2', 10);
    expect(await catalogEntry()).toEqual({
      version: live,
      manifest: `/remotes/catalog/${live}/mf-manifest.json`,
      canary: { version: v2, manifest: `/remotes/catalog/${v2}/mf-manifest.json`, percent: 10 },
    });
    const raised = await startCanary(ctx, 'catalog', 'production', { version: v2, percent: 50 });
    expect(raised).toMatchObject({ changed: true, live, canary: { version: v2, percent: 50 } });
    const same = await startCanary(ctx, 'catalog', 'production', { version: v2, percent: 50 });
    expect(same.changed).toBe(false);
    const history = await getHistory(ctx, 'catalog', 'production');
    expect(history.slice(0, 2).map((e) => [e.action, e.from, e.to, e.percent])).toEqual([
      ['canary', v2, v2, 50],
      ['canary', null, v2, 10],
    ]);
  });

  it('promote makes the canary live for everyone; rollback then undoes the promote', async () => {
    const v2 = await canary('v2', 25);
    const promoted = await promoteCanary(ctx, 'catalog', 'production', 'looks good');
    expect(promoted).toMatchObject({ action: 'promote', live: v2, canary: null, changed: true });
    expect(await catalogEntry()).toEqual({ version: v2, manifest: `/remotes/catalog/${v2}/mf-manifest.json` });
    expect((await getHistory(ctx, 'catalog', 'production'))[0]).toMatchObject({ action: 'promote', from: live, to: v2, reason: 'looks good' });
    expect((await rollback(ctx, 'catalog', 'production')).to).toBe(live);
  });

  it('abort removes the canary and leaves the live version; rollback ignores aborted canaries', async () => {
    const v2 = await canary('v2', 25);
    const aborted = await abortCanary(ctx, 'catalog', 'production', 'errors up');
    expect(aborted).toMatchObject({ action: 'abort', live, canary: null });
    expect(await catalogEntry()).toEqual({ version: live, manifest: `/remotes/catalog/${live}/mf-manifest.json` });
    expect((await getHistory(ctx, 'catalog', 'production'))[0]).toMatchObject({ action: 'abort', from: v2, to: live });
    await expect(rollback(ctx, 'catalog', 'production')).rejects.toThrow(/no version of catalog was live before/);
  });

  it('keeps a running canary across a deploy of a third version, and ends it when that version is deployed', async () => {
    const v2 = await canary('v2', 10);
    await repo.rebuild('catalog', 'v3');
    await deployApp(ctx, 'catalog', 'production');
    expect((await catalogEntry()).canary?.version).toBe(v2);
    await deployApp(ctx, 'catalog', 'production', { version: v2 });
    expect((await catalogEntry()).canary).toBeUndefined();
  });

  it('refuses what makes no sense, changing nothing', async () => {
    await expect(startCanary(ctx, 'catalog', 'production', { version: live, percent: 10 })).rejects.toThrow(/is already live; a canary needs another version/);
    await expect(startCanary(ctx, 'catalog', 'production', { percent: 101 })).rejects.toThrow(/--percent must be a whole number from 0 to 100/);
    await expect(startCanary(ctx, 'catalog', 'production', { percent: 2.5 })).rejects.toThrow(/whole number/);
    await expect(promoteCanary(ctx, 'catalog', 'production')).rejects.toThrow('production: catalog has no canary running');
    await expect(abortCanary(ctx, 'orders', 'development')).rejects.toThrow('orders is not live in development');
    expect(await ctx.store.readHistory('production')).toHaveLength(6);
  });
});

describe('status with a canary', () => {
  it('shows the live version, the canary and its percent, and when it last changed, as text and JSON', async () => {
    const v2 = await canary('v2', 10);
    const [, production] = await getStatus(ctx);
    const catalog = production!.apps.find((a) => a.app === 'catalog')!;
    expect(catalog).toMatchObject({ version: live, canary: { version: v2, percent: 10 }, changedAt: '2030-01-01T10:02:00.000Z', reason: 'try v2' });
    const text = formatStatus([production!]);
    expect(text).toMatch(new RegExp(`catalog +${live} +${v2} \\(10%\\) +2030-01-01T10:02:00.000Z +alice +try v2`));
  });
});
