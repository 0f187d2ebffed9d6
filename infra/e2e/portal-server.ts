// The servers the browser tests run against (portal-server.config.ts: main, deploy). Each publishes the
// current production builds into a fresh store, then starts its gateway (shell, remotes, registry, API
// on a fresh PGlite) on its port. One after the other from one process, each once the one before
// answers: Playwright waits for the first only, so the journeys start as soon as it is up and the
// next one starts beside them (the deploy journeys wait for theirs, deploy-helpers/deploy-server.ts).
// Started at once, the two took more than Playwright's three minutes on a loaded machine.
//   node --import tsx ./portal-server.ts main deploy
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { e2eServer, ENVIRONMENT, REPO_ROOT, type E2eServerName } from './portal-server.config';

// The children run from the repo root, where `tsx` is not a dependency: load it by its resolved URL.
const TSX = import.meta.resolve('tsx');

const isServerName = (name: string): name is E2eServerName => name === 'main' || name === 'deploy';
const names = process.argv.slice(2).map((name) => {
  if (!isServerName(name)) throw new Error(`no browser-test server ${name}: main or deploy`);
  return name;
});

/** A free port for the punchout journey's procurement page, allowed as the demo identity's return origin. */
function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const gateways: ChildProcess[] = [];
/** Stops every gateway and ends with `code`: one server gone fails the run's tests that need it. */
const stopAll = (code: number) => {
  for (const gateway of gateways) if (gateway.exitCode === null) gateway.kill('SIGTERM');
  process.exitCode = code;
};
process.on('SIGTERM', () => stopAll(0));
process.on('SIGINT', () => stopAll(0));

async function start(name: E2eServerName): Promise<void> {
  const server = e2eServer(name);
  rmSync(server.artifacts, { recursive: true, force: true });
  mkdirSync(server.dataDir, { recursive: true });
  const procurementPort = await freePort();
  writeFileSync(server.procurementPortFile, String(procurementPort));

  const cli = join(REPO_ROOT, 'infra/deploy/src/cli.ts');
  const publish = spawn(
    process.execPath,
    ['--import', TSX, cli, 'publish-all', '--env', ENVIRONMENT, '--store', server.storeDir, '--by', 'e2e', '--reason', 'browser tests'],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
  const published = await new Promise<number>((resolve) => publish.once('exit', (code) => resolve(code ?? 1)));
  if (published !== 0) return stopAll(published);

  const gateway = spawn(process.execPath, ['--import', TSX, join(REPO_ROOT, 'infra/gateway/src/main.ts')], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(server.port),
      HOST: '127.0.0.1',
      PORTAL_ENV: ENVIRONMENT,
      PORTAL_STORE_DIR: server.storeDir,
      DATA_DIR: server.dataDir,
      PGLITE_DATA_DIR: join(server.dataDir, 'pglite'),
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Open tabs look for a new version every second (the shell's minimum), so the deploy test
      // (tests/deploy.spec.ts) sees its refresh prompt quickly; production uses the gateway's 60 s.
      PORTAL_VERSION_POLL_MS: process.env.PORTAL_VERSION_POLL_MS || '1000',
      // The punchout journey's procurement page (tests/punchout.spec.ts) is the demo identity's only return origin.
      DEMO_PUNCHOUT_RETURN_ORIGINS: `http://127.0.0.1:${procurementPort}`,
      // The API's metrics listener (issue 43), which the canary judge's journey scrapes once the API
      // counts the shell's beacons there (deploy-helpers/canary-metrics.ts); ignored by an API without it.
      METRICS_PORT: String(server.metricsPort),
      METRICS_HOST: '127.0.0.1',
      // The embedded default runs in-process; a DATABASE_URL from CI is for the API suite only.
      DATABASE_URL: '',
    },
  });
  gateways.push(gateway);
  gateway.on('exit', (code) => stopAll(code ?? 0));
}

/** Resolves once the server answers `/api/ready` (its publish, migrations and seed done). */
async function ready(name: E2eServerName): Promise<void> {
  const url = `${e2eServer(name).baseUrl}/api/ready`;
  for (;;) {
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

for (const [index, name] of names.entries()) {
  await start(name);
  if (index < names.length - 1) await ready(name);
}
