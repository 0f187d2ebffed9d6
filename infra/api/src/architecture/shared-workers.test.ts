// The API's test files share their worker's module graph (vitest.config.ts, `isolate: false`): a
// module mocked or a global stubbed by one file would still be in place for the files after it in the
// same worker, and pass or fail them by the order vitest happened to choose. This keeps that
// assumption checked: it reads every test file and fails naming the file and the call.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

/** Calls whose effect outlives the file that makes them when modules are shared. */
const LEAKING = ['mock', 'doMock', 'stubEnv', 'stubGlobal'].map((name) => ({ name, pattern: new RegExp(`\\bvi\\.${name}\\(`) }));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') && path !== import.meta.filename ? [path] : [];
  });
}

describe('test files that share a worker', () => {
  it('neither mock modules nor stub globals or the environment', () => {
    const files = testFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return LEAKING.filter(({ pattern }) => pattern.test(text)).map(({ name }) => `${relative(SRC, file)}: vi.${name}`);
    });
    expect(found).toEqual([]);
  });
});
