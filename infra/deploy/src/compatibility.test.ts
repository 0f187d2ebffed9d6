import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpsContext } from './context';
import { startCanary } from './canary';
import { singletonConflicts, sharedSingletons } from './compatibility';
import { deployApp, publishAll } from './deploy';
import { DirectoryStore, storeLayout } from './directory-store';
import { OpsError } from './errors';
import { publishApp } from './publish';
import { rollback } from './rollback';
import { createFakeRepo, FAKE_SHARED, fakeSharedEntries, type FakeRepo, type FakeShared } from './testing';

let repo: FakeRepo;
let ctx: OpsContext;
beforeEach(async () => {
  repo = await createFakeRepo();
  ctx = { store: new DirectoryStore(repo.storeDir), repoRoot: repo.root, by: 'alice' };
  await publishAll(ctx, 'production');
});
afterEach(() => repo.cleanup());

/** FAKE_SHARED with one entry's fields replaced. */
const sharing = (name: string, change: Partial<FakeShared>) => FAKE_SHARED.map((s) => (s.name === name ? { ...s, ...change } : s));

/** The registry file, history and catalog versions: what a refusal must leave untouched. */
async function snapshot() {
  return {
    registry: await readFile(storeLayout(repo.storeDir).registryFile('production'), 'utf8'),
    history: await ctx.store.readHistory('production'),
    catalog: (await ctx.store.listVersions('catalog')).sort(),
    shell: (await ctx.store.listVersions('shell')).sort(),
  };
}

async function refusal(promise: Promise<unknown>): Promise<OpsError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OpsError);
  expect((error as OpsError).code).toBe('OPS_INCOMPATIBLE_SHARED');
  return error as OpsError;
}

describe('shared singletons at deploy', () => {
  it('refuses a remote built against a React the live shell cannot provide, says exactly why, changes nothing', async () => {
    await repo.rebuild('catalog', 'react20', sharing('react', { version: '20.0.0', requiredVersion: '^20.0.0' }));
    const before = await snapshot();
    const error = await refusal(deployApp(ctx, 'catalog', 'production'));
    expect(error.message).toMatch(/^production: refused, nothing changed:\n {2}catalog 0\.1\.0-[0-9a-f]{10} requires react \^20\.0\.0 but the live shell provides 19\.3\.1$/);
    expect(await snapshot()).toEqual(before); // not even published
  });

  it('refuses a remote that requires a newer @portal/shared, also as a canary and by version', async () => {
    await repo.rebuild('catalog', 'shared02', sharing('@portal/shared/ui', { version: '0.2.0', requiredVersion: '^0.2.0' }));
    const before = await snapshot();
    const error = await refusal(startCanary(ctx, 'catalog', 'production', { percent: 10 }));
    expect(error.message).toContain('requires @portal/shared/ui ^0.2.0 but the live shell provides 0.1.0');
    expect(await snapshot()).toEqual(before);
    // Published some other way (publish never checks the environment), deploying it by name is refused too.
    const { version } = await publishApp(ctx, 'catalog');
    const registry = await readFile(storeLayout(repo.storeDir).registryFile('production'), 'utf8');
    await refusal(deployApp(ctx, 'catalog', 'production', { version }));
    expect(await readFile(storeLayout(repo.storeDir).registryFile('production'), 'utf8')).toBe(registry);
  });

  it('accepts a remote whose ranges the shell satisfies, and ignores non-singletons and what it brings a copy of', async () => {
    await repo.rebuild('catalog', 'ok', [
      ...sharing('valibot', { version: '2.0.0', requiredVersion: '^2.0.0' }), // not a singleton: it brings its own
      { name: 'zustand', version: '6.0.0', requiredVersion: '^6.0.0', singleton: true, fallback: true }, // the shell does not share it; the remote has a copy
      ...sharing('react', { requiredVersion: '^19.2.0' }).filter((s) => s.name === 'react'),
    ].filter((s, i, all) => all.findIndex((o) => o.name === s.name) === i));
    await expect(deployApp(ctx, 'catalog', 'production')).resolves.toMatchObject({ changed: true });
  });

  it('refuses a shell that cannot satisfy the live remotes, naming each', async () => {
    await repo.rebuild('shell', 'react18', sharing('react', { version: '18.3.1', requiredVersion: '^18.0.0' }));
    const before = await snapshot();
    const error = await refusal(deployApp(ctx, 'shell', 'production'));
    for (const remote of ['auth', 'catalog', 'checkout', 'orders', 'account']) {
      expect(error.message).toMatch(new RegExp(`shell 0\\.1\\.0-\\w+ provides react 18\\.3\\.1 but the live ${remote} 0\\.1\\.0-\\w+ requires \\^19\\.0\\.0`));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a rollback to a remote version the live shell no longer satisfies', async () => {
    const old = (await ctx.store.readRegistry('production'))!.remotes.catalog!.version;
    // Everything moves to React 20 in one publish-all (one at a time would be refused either way round).
    const react20 = sharing('react', { version: '20.1.0', requiredVersion: '^20.0.0' });
    for (const app of ['shell', 'auth', 'catalog', 'checkout', 'orders', 'account'] as const) await repo.rebuild(app, 'r20', react20);
    await publishAll(ctx, 'production');
    expect((await ctx.store.readRegistry('production'))!.remotes.catalog!.version).not.toBe(old);
    const error = await refusal(rollback(ctx, 'catalog', 'production', { to: old }));
    expect(error.message).toContain(`catalog ${old} requires react ^19.0.0 but the live shell provides 20.1.0`);
  });
});

describe('singletonConflicts', () => {
  const manifest = (shared: readonly FakeShared[]) => sharedSingletons(Buffer.from(JSON.stringify({ shared: fakeSharedEntries('app', shared) })))!;
  it('compares the version the shell provides with the range the remote requires', () => {
    const shell = { version: 's1', shared: manifest(FAKE_SHARED) };
    const ok = { name: 'catalog', version: 'c1', shared: manifest(FAKE_SHARED) };
    expect(singletonConflicts(shell, ok, 'remote')).toEqual([]);
    const bad = { name: 'catalog', version: 'c2', shared: manifest(sharing('react-dom', { requiredVersion: '>=19.4.0' })) };
    expect(singletonConflicts(shell, bad, 'remote')).toEqual(['catalog c2 requires react-dom >=19.4.0 but the live shell provides 19.3.1']);
  });
  it('refuses a remote that needs a shared module the live shell does not provide at all (a new @portal/shared entry before its shell)', async () => {
    const before = await snapshot();
    await repo.rebuild('catalog', 'new-entry', [...FAKE_SHARED, { name: '@portal/shared/schemas/shop', version: '0.2.1', requiredVersion: '^0.2.0', singleton: true }]);
    const error = await refusal(deployApp(ctx, 'catalog', 'production'));
    expect(error.message).toContain('needs @portal/shared/schemas/shop but the live shell does not provide it');
    expect(await snapshot()).toMatchObject({ registry: before.registry, history: before.history });
    // Once the shell provides it, the same catalog goes live.
    await repo.rebuild('shell', 'with-entry', [...FAKE_SHARED, { name: '@portal/shared/schemas/shop', version: '0.2.1', requiredVersion: '^0.2.0', singleton: true }]);
    await expect(deployApp(ctx, 'shell', 'production')).resolves.toMatchObject({ changed: true });
    await expect(deployApp(ctx, 'catalog', 'production')).resolves.toMatchObject({ changed: true });
  });

  it('refuses a shell that drops a shared module a live remote needs', () => {
    const shell = { version: 's2', shared: manifest(FAKE_SHARED.filter((s) => s.name !== '@portal/shared/ui')) };
    const live = { name: 'orders', version: 'o1', shared: manifest(FAKE_SHARED), role: 'live' };
    expect(singletonConflicts(shell, live, 'shell')).toEqual(['shell s2 does not provide @portal/shared/ui, which the live orders o1 needs']);
  });

  it('skips a build without a manifest and a manifest that is not JSON', () => {
    expect(sharedSingletons(undefined)).toBeUndefined();
    expect(sharedSingletons(Buffer.from('{ nope'))).toBeUndefined();
    // A manifest from before `assets` is assumed to carry its copy, as the check always assumed.
    expect(sharedSingletons(Buffer.from(JSON.stringify({ shared: [{ name: 'react', version: '19.3.1', singleton: true }] })))!.get('react')).toMatchObject({ fallback: true });
  });
});
