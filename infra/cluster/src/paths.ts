// Where the things the topology starts live in the repository (this file is infra/cluster/src/paths.ts).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** A Node program: compiled JavaScript when built (decision 022), else its TypeScript through tsx. */
export interface NodeProgram {
  args: string[];
  cwd: string;
  compiled: boolean;
}

function program(pkgDir: string, compiled: string, source: string): NodeProgram {
  const dir = join(REPO_ROOT, pkgDir);
  const built = join(dir, compiled);
  if (existsSync(built) && process.env.PORTAL_USE_TSX !== '1') return { args: [built], cwd: dir, compiled: true };
  // `--import tsx` is resolved from the package folder, which lists tsx as a dependency.
  return { args: ['--import', 'tsx', join(dir, source)], cwd: dir, compiled: false };
}

/** The portal process: the gateway with the API mounted in it. */
export const gatewayProgram = () => program('infra/gateway', 'dist/main.js', 'src/main.ts');
/** The ops CLI (publish, rollback). */
export const opsProgram = () => program('infra/deploy', 'dist/cli.js', 'src/cli.ts');
