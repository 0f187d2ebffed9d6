// `npm run cluster`: the scaled-out portal on this machine (decision 022). nginx on --port in front of
// --instances portal processes on one PostgreSQL database, with Redis when one answers. Ctrl-C stops
// it gracefully: nginx finishes what it proxies, then the instances drain and exit.
import { connect } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { demoAccounts } from '@portal/api/tooling';
import { loadClusterEnv } from './env';
import { ensureNginx, ensurePrometheus } from './nginx-install';
import { REPO_ROOT } from './paths';
import { METRICS_HOST, metricsPortsFrom, writeMetricsToken } from './metrics-access';
import { assertPortsFree } from './ports';
import { startPrometheus, type PrometheusProcess } from './prometheus';
import { startTopology } from './topology';

const USAGE = `Usage: npm run cluster -- [options]

  --port <n>            nginx port (default 8080); the instances take the next ports (8081, 8082, ...)
  --instances <n>       portal processes (default 2)
  --database-url <url>  PostgreSQL database (default: $DATABASE_URL, else database portal_cluster on
                        postgres://root@127.0.0.1:5432, created when missing)
  --redis-url <url>     Redis (default: $REDIS_URL, else redis://127.0.0.1:6379 when it answers; none otherwise)
  --redis-prefix <p>    key prefix in Redis (default portal:)
  --tls-cert <pem> --tls-key <pem>
                        serve HTTPS with HTTP/2 (nginx 1.22 speaks HTTP/2 only over TLS)
  --production          NODE_ENV=production (no dev mailbox, no logged sign-in codes)
  --work-dir <dir>      nginx configuration, logs, store (default .data/cluster)
  --metrics-port <n>    the first instance's metrics listener on 127.0.0.1 (default port + 100: 8180, 8181, ...);
                        every instance serves one, with the bearer token in <work-dir>/metrics-token
  --observe             also Debian's Prometheus (installed as root when missing) scraping every instance's
                        metrics listener, with the alert rules of infra/cluster/prometheus/alerts.yml
                        (infra/cluster/README.md, "Observe")
  --prometheus-port <n> Prometheus' pages (default 9090)`;

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    port: { type: 'string', default: '8080' },
    instances: { type: 'string', default: '2' },
    'database-url': { type: 'string' },
    'redis-url': { type: 'string' },
    'redis-prefix': { type: 'string', default: 'portal:' },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    production: { type: 'boolean', default: false },
    'work-dir': { type: 'string', default: join(REPO_ROOT, '.data', 'cluster') },
    'metrics-port': { type: 'string' },
    observe: { type: 'boolean', default: false },
    'prometheus-port': { type: 'string', default: '9090' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1_000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** The default database: portal_cluster on the local server, created when missing. */
async function defaultDatabase(): Promise<string> {
  const server = 'postgres://root@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: server });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`no PostgreSQL at 127.0.0.1:5432 (${(error as Error).message}); pass --database-url`);
  }
  const exists = await admin.query("select 1 from pg_database where datname = 'portal_cluster'");
  if (!exists.rowCount) await admin.query('create database portal_cluster');
  await admin.end();
  return 'postgres://root@127.0.0.1:5432/portal_cluster';
}

const port = Number(args.port);
const count = Number(args.instances);
const firstMetricsPort = args['metrics-port'] === undefined ? port + 100 : Number(args['metrics-port']);
if (!Number.isInteger(port) || !Number.isInteger(count) || count < 1) throw new Error(`bad --port or --instances\n\n${USAGE}`);
if (!Number.isInteger(firstMetricsPort) || firstMetricsPort < 1) throw new Error(`bad --metrics-port\n\n${USAGE}`);
if (!!args['tls-cert'] !== !!args['tls-key']) throw new Error('--tls-cert and --tls-key go together');
// Before anything else is started: without nginx there is no cluster (installed as root, else the advice).
try {
  await ensureNginx(loadClusterEnv().nginxPath);
} catch (error) {
  console.error(`[cluster] not started: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const prometheusPort = Number(args['prometheus-port']);
let prometheusBinary: string | undefined;
if (args.observe) {
  try {
    if (!Number.isInteger(prometheusPort)) throw new Error(`bad --prometheus-port\n\n${USAGE}`);
    prometheusBinary = await ensurePrometheus(loadClusterEnv().prometheusPath);
    await assertPortsFree([prometheusPort]); // another Prometheus there would answer /-/ready for ours
  } catch (error) {
    console.error(`[cluster] not started: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
// Every instance serves its metrics, --observe or not (decision 084): an operator can scrape a cluster
// started without Prometheus. On the loopback; the token keeps another local user from reading them too.
const metricsPorts = metricsPortsFrom(firstMetricsPort, count);
const metricsToken = writeMetricsToken(args['work-dir']);
const databaseUrl = args['database-url'] ?? loadClusterEnv().databaseUrl ?? (await defaultDatabase());
const redisCandidate = args['redis-url'] ?? loadClusterEnv().redisUrl ?? 'redis://127.0.0.1:6379';
const redisUrl = (await answers(redisCandidate)) ? redisCandidate : undefined;

console.log(`[cluster] starting nginx on :${port} and ${count} instance(s) on PostgreSQL${redisUrl ? ' and Redis' : ' (no Redis: limits per instance)'} ...`);
/** Starts the topology, or says why it cannot and exits 1 (a taken port, nginx not listening, ...). */
async function start(options: Parameters<typeof startTopology>[0]) {
  try {
    return await startTopology(options);
  } catch (error) {
    console.error(`[cluster] not started: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const topology = await start({
  instances: count,
  port,
  instancePorts: Array.from({ length: count }, (_, i) => port + 1 + i),
  databaseUrl,
  ...(redisUrl ? { redisUrl, redisPrefix: args['redis-prefix'] } : {}),
  workDir: args['work-dir'],
  metricsPorts,
  ...(args['tls-cert'] && args['tls-key'] ? { tls: { cert: args['tls-cert'], key: args['tls-key'] } } : {}),
  env: {
    NODE_ENV: args.production ? 'production' : 'development',
    LOG_LEVEL: 'info',
    PUBLIC_BASE_URL: `${args['tls-cert'] ? 'https' : 'http'}://localhost:${port}`,
    METRICS_TOKEN: metricsToken.token,
  },
});

let prometheus: PrometheusProcess | undefined;
if (prometheusBinary) {
  try {
    prometheus = await startPrometheus({
      binary: prometheusBinary,
      port: prometheusPort,
      targets: metricsPorts.map((p) => `${METRICS_HOST}:${p}`),
      token: metricsToken.token,
      workDir: args['work-dir'],
    });
  } catch (error) {
    console.error(`[cluster] Prometheus not started: ${error instanceof Error ? error.message : String(error)}`);
    await topology.stop();
    process.exit(1);
  }
}

const shown = topology.url.replace('127.0.0.1', 'localhost');
const lines = [
  `Portal (scaled out) on ${shown}/en`,
  ...topology.instances.map((instance, i) => `  instance ${i + 1}: ${instance.url} (pid ${instance.pid}), metrics http://${METRICS_HOST}:${metricsPorts[i]}/metrics`),
  `  metrics: Authorization: Bearer <the token in ${metricsToken.file}>`,
  `  nginx pid ${topology.nginxPid}; logs in ${join(args['work-dir'], 'logs')}`,
  ...(prometheus
    ? [
        `  Prometheus ${prometheus.url.replace('127.0.0.1', 'localhost')} (alerts: /alerts, targets: /targets), ` +
          `scraping ${metricsPorts.map((p) => `:${p}`).join(', ')}`,
      ]
    : []),
  `  database ${databaseUrl.replace(/\/\/[^@/]*@/, '//')}${redisUrl ? `, Redis ${redisUrl}` : ''}`,
  'Demo accounts:',
  ...demoAccounts().map((a) => `  ${a.role.padEnd(16)} ${a.email.padEnd(48)} ${a.password}${a.twoFactor ? '  (two-factor)' : ''}`),
  'Ctrl-C stops it gracefully.',
];
console.log(`\n${lines.join('\n')}\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('[cluster] stopping: nginx finishes its requests, then the instances drain ...');
    void (prometheus?.stop() ?? Promise.resolve()).then(() => topology.stop()).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
