// The server the browser tests run against: publishes the current production builds into a fresh
// store, then starts the gateway (shell, remotes, registry, API on a fresh PGlite) on PORT.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ARTIFACTS, DATA_DIR, ENVIRONMENT, METRICS_PORT, PORT, PROCUREMENT_PORT_FILE, REPO_ROOT, STORE_DIR } from './portal-server.config';

// The children run from the repo root, where `tsx` is not a dependency: load it by its resolved URL.
const TSX = import.meta.resolve('tsx');

rmSync(ARTIFACTS, { recursive: true, force: true });
mkdirSync(DATA_DIR, { recursive: true });

// A free port for the punchout journey's procurement page, allowed as the demo identity's return origin.
const procurementPort = await new Promise<number>((resolve, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
writeFileSync(PROCUREMENT_PORT_FILE, String(procurementPort));

const cli = join(REPO_ROOT, 'infra/deploy/src/cli.ts');
const published = spawnSync(
  process.execPath,
  ['--import', TSX, cli, 'publish-all', '--env', ENVIRONMENT, '--store', STORE_DIR, '--by', 'e2e', '--reason', 'browser tests'],
  { cwd: REPO_ROOT, stdio: 'inherit' },
);
if (published.status !== 0) process.exit(published.status ?? 1);

const gateway = spawn(process.execPath, ['--import', TSX, join(REPO_ROOT, 'infra/gateway/src/main.ts')], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PORTAL_ENV: ENVIRONMENT,
    PORTAL_STORE_DIR: STORE_DIR,
    DATA_DIR,
    PGLITE_DATA_DIR: join(DATA_DIR, 'pglite'),
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
    METRICS_PORT: String(METRICS_PORT),
    METRICS_HOST: '127.0.0.1',
    // The embedded default runs in-process; a DATABASE_URL from CI is for the API suite only.
    DATABASE_URL: '',
  },
});
const stop = () => gateway.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
gateway.on('exit', (code) => process.exit(code ?? 0));
