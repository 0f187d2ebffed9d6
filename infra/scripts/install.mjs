// "Installs what is missing": pnpm (locally), the workspace's dependencies, and Debian's Chromium
// for the browser tests (Playwright cannot download its own browser here; TOOLCHAIN.md).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildServers } from './build-servers.mjs';
import { ensurePnpm, root } from './ensure-pnpm.mjs';
import { hasCommand, must } from './run.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Installs pnpm and the dependencies; returns the pnpm command to use. */
export async function installDependencies() {
  const pnpm = ensurePnpm();
  const frozen = existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  await must(pnpm, ['install', ...frozen, '--prefer-offline', '--reporter=append-only'], { cwd: root });
  return pnpm;
}

/** Installs Debian's Chromium when it is missing and we are allowed to (root with apt-get). */
export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasCommand('apt-get')) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. Install Debian's chromium (sudo apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  console.log('[setup] installing Debian chromium for the browser tests ...');
  await must('apt-get', ['update', '-qq']);
  await must('apt-get', ['install', '-y', '-qq', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return CHROMIUM;
}

export const SAXON_JAR = '/usr/share/java/Saxon-HE.jar';

/**
 * Installs Debian's Saxon-HE and a headless Java runtime when missing (root with apt-get): the
 * invoice conformance matrix validates UBL against the Peppol Schematron rules, which need XSLT 2
 * (../shared/conformance/README.md). Without root it only says what to install; the test then fails.
 */
export async function ensureSaxon() {
  if (existsSync(SAXON_JAR) && hasCommand('java')) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasCommand('apt-get')) {
    console.log(`[setup] Saxon-HE not found at ${SAXON_JAR}: sudo apt-get install -y libsaxonhe-java default-jre-headless`);
    return;
  }
  console.log('[setup] installing Debian libsaxonhe-java and a Java runtime for the invoice conformance matrix ...');
  await must('apt-get', ['update', '-qq']);
  await must('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'libsaxonhe-java', 'default-jre-headless'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Builds the shell and the five remotes (production builds), and the server bundles (decision 022). */
export async function buildApps(pnpm) {
  await must(pnpm, ['--filter', '@portal/shell', '--filter', './mfe-*', '--workspace-concurrency=2', 'run', 'build'], {
    cwd: root,
  });
  await buildServers();
}
