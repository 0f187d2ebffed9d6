// The browser benches' portal: the browser journeys' server (publishes the current builds into a
// scratch store, starts the gateway with the API on a fresh PGlite with the demo data) on a port and
// in a scratch folder of the bench's own, so a running `npm test` keeps its store. And the Chromium
// flags every bench launches with (TOOLCHAIN.md: without the background-networking flags Chromium's
// connections are refused by this machine's closed network).
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(import.meta.dirname, '..', '..', '..');

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Starts the portal on `port` (scratch folder named after the bench); the bench exits if it dies. */
export function startBenchPortal(name: string, port: number, env: Record<string, string> = {}): ChildProcess {
  const server = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(REPO, 'infra/e2e/portal-server.ts')], {
    cwd: REPO,
    env: { ...process.env, E2E_PORT: String(port), E2E_ARTIFACTS: join(tmpdir(), `portal-bench-${name}-${port}`), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server.on('exit', (code) => {
    if (code) {
      console.error(`the portal server exited with ${code}`);
      process.exit(1);
    }
  });
  return server;
}

/** Waits until the API answers ready and the page `/en` is served: up to 6 minutes (publishing and
 * the API's first start take over 2 on a loaded two-core machine). */
export async function waitForPortal(base: string): Promise<void> {
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok && (await fetch(`${base}/en`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('portal did not become ready');
}
