import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RegistrySchema, type Registry } from '@portal/shared/schemas';
import * as v from 'valibot';
import { DirectoryStore, storeLayout } from './directory-store';
import type { HistoryEntry } from './history';

let dir: string;
let store: DirectoryStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-store-'));
  store = new DirectoryStore(dir);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function registry(shell: string, padding = 0): Registry {
  const remotes: Registry['remotes'] = {};
  // Padding makes the document large enough that a non-atomic write would be seen half-done.
  for (let i = 0; i < padding; i++) remotes[`r${i}`] = { version: shell, manifest: `/remotes/r${i}/${shell}/mf-manifest.json` };
  return { environment: 'production', updatedAt: new Date().toISOString(), shell: { version: shell }, remotes };
}

const entry = (to: string, from: string | null = null): HistoryEntry => ({
  at: new Date().toISOString(),
  environment: 'production',
  app: 'catalog',
  action: 'deploy',
  from,
  to,
  by: 'tester',
  reason: 'test',
});

describe('registry writes', () => {
  it('round-trips a registry and leaves no temp file behind', async () => {
    await store.writeRegistry(registry('1.0.0-aaaaaaaaaa'));
    expect((await store.readRegistry('production'))?.shell.version).toBe('1.0.0-aaaaaaaaaa');
    expect(await readdir(join(dir, 'registry'))).toEqual(['production.json']);
    expect(await store.listEnvironments()).toEqual(['production']);
  });

  it('returns undefined for an environment never deployed', async () => {
    expect(await store.readRegistry('development')).toBeUndefined();
  });

  it('never lets a reader see a partial document while many writers race', async () => {
    await store.writeRegistry(registry('0', 200));
    const file = storeLayout(dir).registryFile('production');
    let writing = true;
    const seen = new Set<string>();
    const reader = (async () => {
      while (writing) {
        const parsed = v.safeParse(RegistrySchema, JSON.parse(await readFile(file, 'utf8')));
        expect(parsed.success).toBe(true);
        if (parsed.success) seen.add(parsed.output.shell.version);
      }
    })();
    await Promise.all(Array.from({ length: 40 }, (_, i) => store.writeRegistry(registry(String(i + 1), 200))));
    writing = false;
    await reader;
    const final = await store.readRegistry('production');
    expect(Object.keys(final!.remotes)).toHaveLength(200);
    expect(seen.size).toBeGreaterThan(0);
    expect((await readdir(join(dir, 'registry'))).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses to write a document that is not a valid registry', async () => {
    const bad = { ...registry('1.0.0'), shell: { version: '../../etc' } };
    await expect(store.writeRegistry(bad)).rejects.toThrow();
    expect(await store.readRegistry('production')).toBeUndefined();
  });

  it('reports a corrupt registry file clearly', async () => {
    await store.writeRegistry(registry('1.0.0'));
    await writeFile(storeLayout(dir).registryFile('production'), '{"environment": "prod');
    await expect(store.readRegistry('production')).rejects.toThrow(/not a valid registry/);
  });
});

describe('history', () => {
  it('appends entries in order and reads them back', async () => {
    await store.appendHistory('production', [entry('a')]);
    await store.appendHistory('production', [entry('b', 'a'), entry('c', 'b')]);
    expect((await store.readHistory('production')).map((e) => e.to)).toEqual(['a', 'b', 'c']);
    expect(await store.readHistory('development')).toEqual([]);
  });

  it('ignores a torn last line but not damage in the middle', async () => {
    await store.appendHistory('production', [entry('a')]);
    const file = storeLayout(dir).historyFile('production');
    await writeFile(file, `${await readFile(file, 'utf8')}{"at":"20`);
    expect((await store.readHistory('production')).map((e) => e.to)).toEqual(['a']);
    await writeFile(file, `garbage\n${JSON.stringify(entry('b'))}\n`);
    await expect(store.readHistory('production')).rejects.toThrow(/line 1/);
  });
});

describe('lock', () => {
  it('runs critical sections one at a time', async () => {
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        store.withLock('production', async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 5));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(await readdir(join(dir, 'registry'))).toEqual([]);
  });
});

describe('layout', () => {
  it('refuses path segments that could leave the store', () => {
    const layout = storeLayout(dir);
    expect(() => layout.versionDir('catalog', '..')).toThrow();
    expect(() => layout.versionDir('../x', '1.0.0')).toThrow();
    expect(() => layout.registryFile('../prod')).toThrow();
    expect(layout.versionDir('catalog', '1.0.0-abc')).toBe(join(dir, 'remotes', 'catalog', '1.0.0-abc'));
  });
});
