import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain .mjs build config, no type declarations
import { SHARED_PACKAGE_ENTRIES } from '../../../infra/build/src/shared-deps.mjs';
import { PROVIDED_CONTRACTS } from './provided-contracts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name) ? [path] : [];
  });
}

describe('the shell provides every shared contract', () => {
  it('imports or lists each @portal/shared entry that remotes consume', () => {
    const code = sources(join(import.meta.dirname, '..')).map((f) => readFileSync(f, 'utf8')).join('\n');
    const missing = (SHARED_PACKAGE_ENTRIES as string[])
      .map((entry) => `@portal/shared/${entry}`)
      .filter((name) => !new RegExp(`from '${name}'`).test(code) && !PROVIDED_CONTRACTS.includes(name));
    expect(missing).toEqual([]);
  });
});
