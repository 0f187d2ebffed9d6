import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

// The size design of decision 001: Mantine is reached only through this facade.
describe('the ui facade', () => {
  it('is the only place in @portal/shared that imports Mantine', () => {
    const outside = sourceFiles(src)
      .filter((file) => !relative(src, file).startsWith('ui/'))
      .filter((file) => /from ['"]@mantine\//.test(readFileSync(file, 'utf8')));
    expect(outside.map((f) => relative(src, f))).toEqual([]);
  });

  it('never re-exports Mantine wholesale', () => {
    const wholesale = sourceFiles(join(src, 'ui')).filter((file) => /export \* from ['"]@mantine\//.test(readFileSync(file, 'utf8')));
    expect(wholesale).toEqual([]);
  });
});
