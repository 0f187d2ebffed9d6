// Runs the real `pnpm ops` CLI against the browser tests' store, the way an operator would.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ENVIRONMENT, REPO_ROOT, STORE_DIR } from '../portal-server.config';

const TSX = import.meta.resolve('tsx');
const CLI = join(REPO_ROOT, 'infra/deploy/src/cli.ts');

/** What one ops command printed and how it exited. */
export interface OpsResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Node's arguments for `pnpm ops <args>` on the browser tests' store and environment, as e2e. */
export const opsArgv = (...args: string[]) => ['--import', TSX, CLI, ...args, '--env', ENVIRONMENT, '--store', STORE_DIR, '--by', 'e2e'];

/** `pnpm ops <args> --env production --store <e2e store> --by e2e`; never rejects. */
export async function ops(...args: string[]): Promise<OpsResult> {
  const argv = opsArgv(...args);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, argv, { cwd: REPO_ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
