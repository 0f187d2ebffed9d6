// Publishes the built shell and remotes into a deploy store once, before the instances start: all
// instances then serve the same registry from the same store (decision 022).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { childEnvironment } from './env';
import { opsProgram, REPO_ROOT } from './paths';

const APPS = ['shell', 'mfe-auth', 'mfe-catalog', 'mfe-checkout', 'mfe-orders', 'mfe-account'];

/** Apps without a production build (`dist/index.html` or `dist/mf-manifest.json`). */
export function missingBuilds(): string[] {
  return APPS.filter((app) => !existsSync(join(REPO_ROOT, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json')));
}

/** `ops publish-all` into `storeDir` for `environment`; throws with the CLI's output when it fails. */
export async function publishAll(storeDir: string, environment: string): Promise<void> {
  const missing = missingBuilds();
  if (missing.length) {
    throw new Error(`no production build of ${missing.join(', ')}: run \`npm run build\` (or \`npm start\` once) first`);
  }
  const program = opsProgram();
  const args = [...program.args, 'publish-all', '--env', environment, '--store', storeDir, '--reason', 'topology start', '--by', 'cluster'];
  const output: string[] = [];
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: program.cwd, env: childEnvironment({ INIT_CWD: REPO_ROOT }) });
    child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
    child.once('error', reject);
    child.once('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0) throw new Error(`ops publish-all failed (exit ${code}):\n${output.join('')}`);
}
