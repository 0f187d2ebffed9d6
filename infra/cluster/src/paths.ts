// Where the things the topology starts live in the repository (this file is infra/cluster/src/paths.ts).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadClusterEnv } from './env';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const NGINX = loadClusterEnv().nginxPath;

/** A Node program: compiled JavaScript when built (decision 022), else its TypeScript through tsx. */
export interface NodeProgram {
  args: string[];
  cwd: string;
  compiled: boolean;
}

function program(pkgDir: string, compiled: string, source: string): NodeProgram {
  const dir = join(REPO_ROOT, pkgDir);
  const built = join(dir, compiled);
  if (existsSync(built) && !loadClusterEnv().useTsx) return { args: [built], cwd: dir, compiled: true };
  // `--import tsx` is resolved from the package folder, which lists tsx as a dependency.
  return { args: ['--import', 'tsx', join(dir, source)], cwd: dir, compiled: false };
}

/** The portal process: the gateway with the API mounted in it. */
export const gatewayProgram = () => program('infra/gateway', 'dist/main.js', 'src/main.ts');
/** The ops CLI (publish, rollback). */
export const opsProgram = () => program('infra/deploy', 'dist/cli.js', 'src/cli.ts');
