// nginx for the topology: its configuration rendered from the template, and the process.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tail } from './instance';
import { NGINX } from './paths';
import { waitForPort, waitForText } from './wait';

const TEMPLATE = new URL('./nginx.conf.template', import.meta.url);

export interface NginxConfigOptions {
  port: number;
  instancePorts: number[];
  workDir: string;
  workers?: number;
  /** PEM files: when both are given nginx listens with TLS and HTTP/2 (nginx 1.22: h2 needs TLS). */
  tls?: { cert: string; key: string };
  /** What nginx answers on /.cluster/nginx-id (startNginx sets a random one). */
  id?: string;
}

export const MAX_FAILS = 1;
export const FAIL_TIMEOUT = '5s';

export function renderNginxConfig(options: NginxConfigOptions): string {
  const servers = options.instancePorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=${MAX_FAILS} fail_timeout=${FAIL_TIMEOUT};`)
    .join('\n');
  const tls = options.tls
    ? [
        `    listen 127.0.0.1:${options.port} ssl http2;`,
        `    ssl_certificate ${options.tls.cert};`,
        `    ssl_certificate_key ${options.tls.key};`,
      ].join('\n')
    : '';
  // Root's workers would otherwise run as "nobody" and could not write the temp folders.
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const values: Record<string, string> = {
    INSTANCE_COUNT: String(options.instancePorts.length),
    USER: isRoot ? 'user root;' : '',
    WORK_DIR: options.workDir,
    WORKERS: String(options.workers ?? 1),
    MAX_FAILS: String(MAX_FAILS),
    FAIL_TIMEOUT,
    SERVERS: servers,
    PORT: String(options.port),
    TLS: tls,
    NGINX_ID: options.id ?? 'nginx',
  };
  let text = readFileSync(TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`nginx template: unknown placeholder ${name}`);
    return values[name]!;
  });
  // With TLS the plain listen line is replaced by the TLS one (one port, one protocol).
  if (options.tls) text = text.replace(`    listen 127.0.0.1:${options.port};\n`, '');
  return text;
}

export interface NginxProcess {
  pid: number;
  readonly running: boolean;
  stop(): Promise<void>;
}

/**
 * Writes the configuration into `workDir` and starts nginx; resolves when it listens, and it is this
 * nginx that answers on the port (its random id on /.cluster/nginx-id), not another process.
 */
export async function startNginx(options: NginxConfigOptions): Promise<NginxProcess> {
  for (const dir of ['logs', 'temp']) mkdirSync(join(options.workDir, dir), { recursive: true });
  const conf = join(options.workDir, 'nginx.conf');
  const id = randomBytes(12).toString('hex');
  writeFileSync(conf, renderNginxConfig({ ...options, id }));
  const log = join(options.workDir, 'logs', 'nginx.out');
  const fd = openSync(log, 'a');
  const proc: ChildProcess = spawn(NGINX, ['-p', `${options.workDir}/`, '-c', conf, '-e', join(options.workDir, 'logs', 'error.log')], {
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  closeSync(fd);
  let exitNote: string | undefined;
  const exited = new Promise<void>((resolve) => {
    proc.once('error', (error) => {
      exitNote = `could not start ${NGINX}: ${error.message}`;
      resolve();
    });
    proc.once('exit', (code, signal) => {
      exitNote ??= `nginx exited (${signal ?? `code ${code}`})`;
      resolve();
    });
  });
  const gaveUp = () => (exitNote ? `${exitNote}:\n${tail(log)}\n${tail(join(options.workDir, 'logs', 'error.log'))}` : undefined);
  const scheme = options.tls ? 'https' : 'http';
  try {
    await waitForPort(options.port, 30_000, gaveUp);
    // Something listens; it must be this nginx (a port held by another process answers otherwise,
    // while this nginx fails to bind and exits).
    await waitForText(`${scheme}://127.0.0.1:${options.port}/.cluster/nginx-id`, id, 30_000, () =>
      gaveUp() ?? (proc.exitCode !== null || proc.signalCode !== null ? 'nginx exited' : undefined),
    );
  } catch (error) {
    proc.kill('SIGKILL');
    await exited;
    throw error;
  }
  return {
    pid: proc.pid ?? 0,
    get running() {
      return proc.exitCode === null && proc.signalCode === null;
    },
    async stop() {
      // SIGQUIT: graceful stop (workers finish their requests).
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGQUIT');
      await exited;
    },
  };
}
