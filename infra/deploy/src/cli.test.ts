import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeRepo, type FakeRepo } from './testing';
import { runOps } from './testing-cli';

let repo: FakeRepo;
beforeAll(async () => {
  repo = await createFakeRepo();
});
afterAll(() => repo.cleanup());

const ops = (...args: string[]) => runOps(repo.storeDir, args);

describe('ops CLI', () => {
  it('deploys, reports status as JSON and rolls back', async () => {
    const dist = (folder: string) => join(repo.root, folder, 'dist');
    expect((await ops('deploy', 'shell', '--dist', dist('shell'), '--reason', 'launch')).code).toBe(0);
    const first = await ops('deploy', 'mfe-catalog', '--dist', dist('mfe-catalog'), '--json');
    expect(first.code).toBe(0);
    const v1 = (JSON.parse(first.stdout) as { to: string }).to;
    await repo.rebuild('catalog', 'v2');
    expect((await ops('deploy', 'catalog', '--dist', dist('mfe-catalog'))).stdout).toMatch(/production: catalog .* -> /);

    const back = await ops('rollback', 'catalog', '--reason', 'broken search');
    expect(back.code).toBe(0);
    expect(back.stdout).toContain(`-> ${v1}`);

    const status = await ops('status', '--json', '--env', 'production');
    expect(status.code).toBe(0);
    const [production] = JSON.parse(status.stdout) as Array<{ environment: string; apps: Array<Record<string, unknown>> }>;
    expect(production!.environment).toBe('production');
    expect(production!.apps.find((a) => a.app === 'catalog')).toMatchObject({ version: v1, changedBy: 'ci-bot', reason: 'broken search' });
  });

  it('runs a canary, shows it in status, aborts it; refuses a remote built for another React', async () => {
    const dist = join(repo.root, 'mfe-catalog', 'dist');
    await repo.rebuild('catalog', 'canary');
    const started = await ops('canary', 'catalog', '--percent', '20', '--dist', dist, '--json');
    expect(started.code).toBe(0);
    const version = (JSON.parse(started.stdout) as { canary: { version: string } }).canary.version;
    expect((await ops('status', '--env', 'production')).stdout).toMatch(new RegExp(`catalog +\\S+ +${version} \\(20%\\)`));
    expect((await ops('abort', 'catalog')).stdout).toMatch(/production: catalog abort: live \S+, no canary/);
    expect((await ops('promote', 'shell')).stderr).toContain('promote works on a remote, not the shell');

    await repo.rebuild('catalog', 'react20', [{ name: 'react', version: '20.0.0', requiredVersion: '^20.0.0', singleton: true }]);
    const refused = await ops('deploy', 'catalog', '--dist', dist);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^ops: production: refused, nothing changed:\n {2}catalog \S+ requires react \^20\.0\.0 but the live shell provides 19\.3\.1\n$/);
  });

  it('exits 1 with the reason on a refusal, and 1 with usage on a bad command', async () => {
    const refused = await ops('rollback', 'orders');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('ops: orders has never been deployed to production');
    const bad = await ops('frobnicate');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/unknown command "frobnicate"[\s\S]*Usage: pnpm ops/);
  });
});
