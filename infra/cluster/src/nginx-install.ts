// Debian packages `npm run cluster` needs, on a machine that has none (issue 44): nginx always,
// Prometheus with --observe (issue 43). As root with apt-get the package is installed, as `npm test`
// installs Debian's Chromium (infra/scripts/install.mjs); otherwise the launcher stops saying what to
// install, instead of "spawn /usr/sbin/nginx ENOENT".
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { childEnvironment, DEFAULT_NGINX, DEFAULT_PROMETHEUS } from './env';

export { DEFAULT_NGINX, DEFAULT_PROMETHEUS };

export interface NginxInstallDeps {
  isRoot?: boolean;
  hasAptGet?: boolean;
  exists?: (path: string) => boolean;
  /** Runs a command to its end; rejects when it fails. */
  run?: (command: string, args: string[]) => Promise<void>;
}

/** A binary from a Debian package, and what the advice says when it is missing. */
interface DebianBinary {
  /** Where the package puts it: only this path is installed when missing. */
  defaultPath: string;
  packageName: string;
  /** The variable naming another binary. */
  variable: string;
  /** Why the cluster needs it, for the advice. */
  purpose: string;
}

const NGINX_BINARY: DebianBinary = {
  defaultPath: DEFAULT_NGINX,
  packageName: 'nginx',
  variable: 'NGINX_PATH',
  purpose: 'The cluster puts nginx in front of its instances',
};
const PROMETHEUS_BINARY: DebianBinary = {
  defaultPath: DEFAULT_PROMETHEUS,
  packageName: 'prometheus',
  variable: 'PROMETHEUS_PATH',
  purpose: '--observe scrapes the instances with Prometheus',
};

function runToEnd(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: childEnvironment({ DEBIAN_FRONTEND: 'noninteractive' }) });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`))));
  });
}

/**
 * The binary to start: `path` when it exists; the Debian package's, installed now, when `path` is the
 * default and this runs as root with apt-get. Throws a message naming the package and the variable
 * otherwise. A missing binary named by the variable is never "fixed" by installing another one.
 */
async function ensureDebianBinary(binary: DebianBinary, path: string, deps: NginxInstallDeps): Promise<string> {
  const exists = deps.exists ?? existsSync;
  if (exists(path)) return path;
  const isRoot = deps.isRoot ?? (typeof process.getuid === 'function' && process.getuid() === 0);
  const hasAptGet = deps.hasAptGet ?? existsSync('/usr/bin/apt-get');
  const name = binary.packageName;
  const advice =
    `${name} not found at ${path}. ${binary.purpose}: install Debian's ${name} ` +
    `(sudo apt-get install -y ${name}), or set ${binary.variable} to a ${name} binary.`;
  if (path !== binary.defaultPath || !isRoot || !hasAptGet) throw new Error(advice);
  const run = deps.run ?? runToEnd;
  console.log(`[cluster] installing Debian's ${name} (apt-get install ${name}) ...`);
  await run('apt-get', ['update', '-qq']);
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', name]);
  if (!exists(path)) throw new Error(advice);
  return path;
}

/** nginx (Debian's 1.22), installed when missing and possible. */
export const ensureNginx = (path: string, deps: NginxInstallDeps = {}) => ensureDebianBinary(NGINX_BINARY, path, deps);

/**
 * Prometheus (Debian's 2.42), installed when missing and possible. The package starts a system
 * Prometheus on :9090 through its init script; the cluster runs its own, so that one is stopped.
 */
export async function ensurePrometheus(path: string, deps: NginxInstallDeps = {}): Promise<string> {
  const existed = (deps.exists ?? existsSync)(path);
  const binary = await ensureDebianBinary(PROMETHEUS_BINARY, path, deps);
  if (!existed) await (deps.run ?? runToEnd)('service', ['prometheus', 'stop']).catch(() => undefined);
  return binary;
}
