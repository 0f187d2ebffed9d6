// The scaled-out topology on one machine: nginx in front of N portal instances that share one
// PostgreSQL database, one deploy store and (optionally) Redis. Used by the cluster CLI and tests.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance, type Instance } from './instance';
import { startNginx, type NginxProcess } from './nginx';
import { publishAll } from './publish';
import { METRICS_HOST } from './metrics-access';
import { assertPortsFree } from './ports';

export type { Instance } from './instance';

export interface TopologyOptions {
  /** Portal processes (gateway + API each). */
  instances: number;
  /** nginx listens here. */
  port: number;
  /** One per instance. */
  instancePorts: number[];
  /** PostgreSQL. */
  databaseUrl: string;
  redisUrl?: string;
  redisPrefix?: string;
  /** nginx prefix, logs, pid files. */
  workDir: string;
  /** Deploy store (static builds), published before start; default `<workDir>/store`. */
  storeDir?: string;
  /** Extra env for the instances (wins over the topology's defaults). */
  env?: Record<string, string>;
  /** nginx with TLS and HTTP/2 when both PEM files are given (optional; plain HTTP otherwise). */
  tls?: { cert: string; key: string };
  /**
   * One per instance: its metrics listener (METRICS_PORT on 127.0.0.1, the API's Prometheus text).
   * The CLI always gives them (decision 084), --observe or not; a test that reads no metrics may
   * leave them out, and its instances then record none.
   */
  metricsPorts?: number[];
  /** How long one instance may take to become ready (default 120 s: the machine is shared). */
  readyTimeoutMs?: number;
}

export interface Topology {
  url: string;
  instances: Instance[];
  nginxPid: number;
  stop(): Promise<void>;
}

/** Secrets every instance must share (tokens signed by one are checked by the other). */
function sharedSecrets(): Record<string, string> {
  return {
    JWT_SIGNING_KEY: randomBytes(48).toString('base64url'),
    OAUTH_CLIENT_SECRET: `cluster-${randomBytes(24).toString('base64url')}`,
    PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('base64url'),
  };
}

export async function startTopology(opts: TopologyOptions): Promise<Topology> {
  if (opts.instancePorts.length !== opts.instances) {
    throw new Error(`instancePorts has ${opts.instancePorts.length} ports for ${opts.instances} instances`);
  }
  // A port held by another process would answer in place of ours: refuse before starting anything.
  if (opts.metricsPorts && opts.metricsPorts.length !== opts.instances) {
    throw new Error(`metricsPorts has ${opts.metricsPorts.length} ports for ${opts.instances} instances`);
  }
  await assertPortsFree([opts.port, ...opts.instancePorts, ...(opts.metricsPorts ?? [])]);
  mkdirSync(join(opts.workDir, 'logs'), { recursive: true });
  const storeDir = opts.storeDir ?? join(opts.workDir, 'store');
  const environment = opts.env?.PORTAL_ENV ?? 'production';
  await publishAll(storeDir, environment);

  const scheme = opts.tls ? 'https' : 'http';
  const url = `${scheme}://127.0.0.1:${opts.port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Behind nginx: the client address is the one nginx saw and put in X-Forwarded-For (rate limits
    // per client, not per proxy). Only nginx's hop is trusted (it connects from loopback): a value
    // the client wrote itself is never taken for its address.
    TRUST_PROXY: '127.0.0.1',
    // A local harness with no payment provider to reach: production otherwise refuses `dev` (decision 036).
    ALLOW_DEV_PAYMENTS_IN_PRODUCTION: 'true',
    PUBLIC_BASE_URL: url,
    ...sharedSecrets(),
    DATABASE_URL: opts.databaseUrl,
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    ...(opts.redisPrefix ? { REDIS_PREFIX: opts.redisPrefix } : {}),
    PORTAL_STORE_DIR: storeDir,
    PORTAL_ENV: environment,
    ...opts.env,
  };
  const instances = opts.instancePorts.map((port, i) => {
    const dataDir = join(opts.workDir, `instance-${i + 1}`);
    mkdirSync(dataDir, { recursive: true });
    const metrics: Record<string, string> = opts.metricsPorts ? { METRICS_PORT: String(opts.metricsPorts[i]), METRICS_HOST } : {};
    return createInstance({
      port,
      env: { ...env, ...metrics, DATA_DIR: dataDir },
      logFile: join(opts.workDir, 'logs', `instance-${i + 1}.log`),
      readyTimeoutMs: opts.readyTimeoutMs ?? 120_000,
    });
  });

  let nginx: NginxProcess | undefined;
  // The children run in their own process groups: if this process ends without stop(), they go too.
  const killLeftovers = () => {
    for (const p of [...instances, ...(nginx ? [nginx] : [])]) if (p.running) process.kill(p.pid, 'SIGKILL');
  };
  process.once('exit', killLeftovers);
  const stop = async () => {
    // nginx first (SIGQUIT: it finishes the requests it is proxying), then the instances drain.
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.kill('SIGTERM')));
    process.removeListener('exit', killLeftovers);
  };
  try {
    // Together: migrations and the demo seed are serialised by advisory locks in the database.
    await Promise.all(instances.map((instance) => instance.start()));
    nginx = await startNginx({ port: opts.port, instancePorts: opts.instancePorts, workDir: opts.workDir, ...(opts.tls ? { tls: opts.tls } : {}) });
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { url, instances, nginxPid: nginx.pid, stop };
}
