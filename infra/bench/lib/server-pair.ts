// What the API benchmarks share: a server process running the API (buildApp) beside a bare Fastify
// route (the ratio between them is our overhead), the handshake that says it is up, and the table.
import { spawn, type ChildProcess } from 'node:child_process';
import { installCostProbe } from './cost-probe';

/** Loopback only: benchmarks never send traffic anywhere else. */
export const BENCH_HOST = '127.0.0.1';

/** Runs in the server process: starts both apps on free ports and prints `READY {api, bare}`. */
export async function serveApiAndBare(logLevel: string): Promise<void> {
  const { buildApp } = await import('@portal/api');
  const Fastify = (await import('fastify')).default;
  const api = await buildApp({ logger: { level: logLevel } });
  const bare = Fastify({ logger: false });
  bare.get('/constant', async () => ({ hello: 'world' }));
  await installCostProbe(bare);
  const [apiAddress, bareAddress] = await Promise.all([
    api.listen({ host: BENCH_HOST, port: 0 }),
    bare.listen({ host: BENCH_HOST, port: 0 }),
  ]);
  // The metrics listener's port when METRICS_PORT is set (0: a free one), for a bench that scrapes it.
  const metricsPort = api.metricsListener?.address().port;
  process.stdout.write(`READY ${JSON.stringify({ api: apiAddress, bare: bareAddress, metricsPort })}\n`);
  const stop = async () => {
    await Promise.all([api.close(), bare.close()]);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * Starts `script --serve` as the server process (a second process, so the load generator never
 * competes with the server for the event loop); its stdout carries the READY line. `nodeArgs`: more
 * Node options for the server process only (e.g. --cpu-prof).
 */
export function spawnServerPair(script: string, logLevel: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...process.execArgv, ...nodeArgs, script, '--serve', '--log-level', logLevel], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/**
 * Waits for the server process's READY line and returns the two base URLs. What the server logs
 * after it (warnings and errors at the default level: a 500's cause) goes to this process's stderr.
 */
export function waitReady(child: ChildProcess): Promise<{ api: string; bare: string; metricsPort?: number }> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let ready = false;
    const timer = setTimeout(() => reject(new Error('server did not start within 120 s')), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (ready) {
        process.stderr.write(chunk);
        return;
      }
      buffer += chunk.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('READY '));
      if (line) {
        ready = true;
        clearTimeout(timer);
        resolve(JSON.parse(line.slice(6)));
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** A whole number with thousands separators. */
export function fmt(n: number): string {
  return Math.round(n).toLocaleString('en');
}

/** Prints a Markdown table, padded, ready for BENCHMARKS.md. */
export function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}
