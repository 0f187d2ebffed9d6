// With a PostgreSQL server, `npm test`'s PGlite pass runs only the files listed in
// test-support/pglite-pass.ts (decision 087). A listed file that is moved or renamed would leave the
// pass without a word, and a PostgreSQL-only file listed there would never run in it: this names both.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPostgresOnly, PGLITE_PASS } from '../test-support/pglite-pass';

const ROOT = join(import.meta.dirname, '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe("the PGlite pass's engine files", () => {
  it('each entry is a test file or a folder with test files that run on PGlite', () => {
    const problems = PGLITE_PASS.flatMap(({ path }) => {
      const full = join(ROOT, path);
      if (!existsSync(full)) return [`${path}: not found`];
      const files = path.endsWith('/') ? (statSync(full).isDirectory() ? testFiles(full) : []) : [full];
      const runnable = files.filter((file) => file.endsWith('.test.ts') && !isPostgresOnly(relative(ROOT, file)));
      return runnable.length ? [] : [`${path}: no test file that runs on PGlite`];
    });
    expect(problems).toEqual([]);
  });

  it('says why for each entry', () => {
    expect(PGLITE_PASS.filter(({ why }) => why.trim().length < 10).map(({ path }) => path)).toEqual([]);
  });
});
