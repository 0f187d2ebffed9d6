// The workspace's packages, read from pnpm-workspace.yaml (kept dependency-free on purpose).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './ensure-pnpm.mjs';

/** Package folders listed in pnpm-workspace.yaml. */
export function workspaceDirs() {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const block = yaml.split(/^packages:\s*$/m)[1] ?? '';
  const dirs = [];
  for (const line of block.split('\n')) {
    const m = line.match(/^\s+-\s+['"]?([^'"\s]+)['"]?\s*$/);
    if (m) dirs.push(m[1]);
    else if (line.trim() && !line.startsWith(' ')) break;
  }
  return dirs;
}

/** Whether a folder holds a unit test file (`*.test.ts(x)`, `*.test.mjs`) outside node_modules. */
function hasTestFiles(dir) {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { withFileTypes: true }).some((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return false;
    if (entry.isDirectory()) return hasTestFiles(join(dir, entry.name));
    return /\.test\.(ts|tsx|mjs)$/.test(entry.name);
  });
}

/**
 * Packages whose unit tests run with vitest: those with a vitest config, and those with test files
 * (so a package's tests can never be skipped silently for want of a config).
 */
export function vitestPackages() {
  return workspaceDirs()
    .filter(
      (dir) =>
        ['ts', 'mts', 'mjs', 'js'].some((ext) => existsSync(join(root, dir, `vitest.config.${ext}`))) ||
        hasTestFiles(join(root, dir, 'src')),
    )
    .map((dir) => ({ dir, name: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).name }));
}
