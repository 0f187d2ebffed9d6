import { join } from 'node:path';

/** Port of the gateway under test (not 8080, so it never collides with `npm start`). */
export const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The API's metrics listener under test (issue 43): beside the gateway's port, so two runs keep apart. */
export const METRICS_PORT = Number(process.env.E2E_METRICS_PORT ?? PORT + 1000);
/** Registry environment the tests deploy into. */
export const ENVIRONMENT = 'production';
/** Scratch folder of the test server: its store and its database, wiped at every start (E2E_ARTIFACTS
 * lets two runs on one machine keep apart, with different E2E_PORTs). */
export const ARTIFACTS = process.env.E2E_ARTIFACTS ?? join(import.meta.dirname, '.artifacts');
export const STORE_DIR = join(ARTIFACTS, 'store');
export const DATA_DIR = join(ARTIFACTS, 'data');
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

/**
 * The punchout journey's procurement page (tests/punchout.spec.ts) listens on a port the server
 * picks free at start and writes here; the demo punchout identity allows that origin only.
 */
export const PROCUREMENT_PORT_FILE = join(ARTIFACTS, 'procurement-port');
