import { join } from 'node:path';

/**
 * A browser-test server: a gateway with its own store, database and metrics listener. `main` serves
 * the journeys and the audits; `deploy` the deploy journeys, which move its live catalog, canary and
 * roll it back: on a server of their own they run beside the journeys instead of alone after them
 * (issue 45, decision 096). E2E_PORT and E2E_ARTIFACTS set the main server's; the deploy server takes
 * the port two above and the folder beside it, so two runs on one machine keep apart as before.
 */
export interface E2eServer {
  port: number;
  baseUrl: string;
  /** The API's metrics listener (issue 43): beside the gateway's port. */
  metricsPort: number;
  /** Scratch folder of the server: its store and its database, wiped at every start. */
  artifacts: string;
  storeDir: string;
  dataDir: string;
  /**
   * The punchout journey's procurement page (tests/punchout.spec.ts) listens on a port the server
   * picks free at start and writes here; the demo punchout identity allows that origin only.
   */
  procurementPortFile: string;
}

export type E2eServerName = 'main' | 'deploy';

/** Port of the main gateway under test (not 8080, so it never collides with `npm start`). */
const MAIN_PORT = Number(process.env.E2E_PORT ?? 8181);
const MAIN_ARTIFACTS = process.env.E2E_ARTIFACTS ?? join(import.meta.dirname, '.artifacts');

export function e2eServer(name: E2eServerName): E2eServer {
  const port = name === 'main' ? MAIN_PORT : MAIN_PORT + 2;
  const artifacts = name === 'main' ? MAIN_ARTIFACTS : `${MAIN_ARTIFACTS}-deploy`;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    metricsPort: name === 'main' ? Number(process.env.E2E_METRICS_PORT ?? port + 1000) : port + 1000,
    artifacts,
    storeDir: join(artifacts, 'store'),
    dataDir: join(artifacts, 'data'),
    procurementPortFile: join(artifacts, 'procurement-port'),
  };
}

const MAIN = e2eServer('main');
/** The deploy journeys' server (tests/deploy.spec.ts, tests/canary-judge-deploy.spec.ts, deploy-helpers/). */
export const DEPLOY_SERVER = e2eServer('deploy');
export const PORT = MAIN.port;
export const BASE_URL = MAIN.baseUrl;
export const METRICS_PORT = MAIN.metricsPort;
/** Registry environment the tests deploy into. */
export const ENVIRONMENT = 'production';
export const ARTIFACTS = MAIN.artifacts;
export const STORE_DIR = MAIN.storeDir;
export const DATA_DIR = MAIN.dataDir;
export const REPO_ROOT = join(import.meta.dirname, '..', '..');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** TOOLCHAIN.md: without the background-networking flags Chromium floods the closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PROCUREMENT_PORT_FILE = MAIN.procurementPortFile;
