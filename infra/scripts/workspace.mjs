// The workspace's packages, read from pnpm-workspace.yaml (kept dependency-free on purpose).
import { existsSync, readFileSync } from 'node:fs';
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

/** Packages that have a vitest config, with their package name. */
export function vitestPackages() {
  return workspaceDirs()
    .filter((dir) => ['ts', 'mts', 'mjs', 'js'].some((ext) => existsSync(join(root, dir, `vitest.config.${ext}`))))
    .map((dir) => ({ dir, name: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).name }));
}
