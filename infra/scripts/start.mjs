// `npm start`: installs what is missing, builds the shell, the remotes and the server bundles, publishes
// the apps into the local store, and serves the portal (compiled gateway + API, embedded PGlite) on :8080.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildServers, SERVER_ENTRIES } from './build-servers.mjs';
import { root } from './ensure-pnpm.mjs';
import { buildApps, installDependencies } from './install.mjs';
import { must, run } from './run.mjs';

const environment = process.env.PORTAL_ENV ?? 'development';
const pnpm = await installDependencies();
if (!process.argv.includes('--no-build')) await buildApps(pnpm);
// The gateway runs compiled (decision 022); even with --no-build a missing bundle is built (~seconds).
else if (SERVER_ENTRIES.some(({ out }) => !existsSync(join(root, out)))) await buildServers();
await must(pnpm, ['ops', 'publish-all', '--env', environment, '--reason', 'npm start'], { cwd: root });
// Ctrl-C reaches the gateway too (same process group): stay until it has drained and exited.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
// Straight to node: pnpm in between would add its start-up and stand between Ctrl-C and the drain.
process.exitCode = await run(process.execPath, [join(root, 'infra/gateway/dist/main.js')], {
  cwd: join(root, 'infra/gateway'),
  env: { ...process.env, PORTAL_ENV: environment },
});
