// Runs the ops CLI as `pnpm ops` would, for this package's CLI tests.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

/** What one command printed and how it exited. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `ops <args> --store <storeDir>` as USER ci-bot; resolves with exit code and output, never rejects. */
export async function runOps(storeDir: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args, '--store', storeDir], {
      env: { ...process.env, USER: 'ci-bot', PORTAL_ENV: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
