// Makes `pnpm` available without a global install: a fresh machine has only Node and npm.
// pnpm 10 is pinned because pnpm 11 needs Node 22 (TOOLCHAIN.md); corepack is avoided because its
// signature checks fail against our registry mirror.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PNPM_VERSION = '10.34.9';
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const toolsDir = join(root, '.tools');
const localBin = join(toolsDir, 'node_modules', '.bin');

function pnpmWorks(bin) {
  try {
    const v = execFileSync(bin, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return v.startsWith('10.');
  } catch {
    return false;
  }
}

/** Puts .tools/node_modules/.bin first on PATH, so scripts that call `pnpm` by name find it. */
function useLocalPnpm() {
  const parts = (process.env.PATH ?? '').split(delimiter);
  if (!parts.includes(localBin)) process.env.PATH = [localBin, ...parts].join(delimiter);
  return join(localBin, 'pnpm');
}

/** Returns the path of a working pnpm 10, installing it into .tools/ when none is found. */
export function ensurePnpm() {
  const local = join(localBin, 'pnpm');
  if (existsSync(local) && pnpmWorks(local)) return useLocalPnpm();
  if (pnpmWorks('pnpm')) return 'pnpm';
  console.log(`[setup] installing pnpm ${PNPM_VERSION} into .tools/ ...`);
  execFileSync('npm', ['install', '--no-save', '--no-package-lock', '--prefix', toolsDir, `pnpm@${PNPM_VERSION}`], {
    stdio: 'inherit',
  });
  return useLocalPnpm();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(ensurePnpm());
}
