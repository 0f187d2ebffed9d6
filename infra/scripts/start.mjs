// `npm start`: installs what is missing, builds the shell and the remotes, publishes them into the
// local store, and serves the portal, with the API on its embedded PGlite database, on :8080.
import { root } from './ensure-pnpm.mjs';
import { buildApps, installDependencies } from './install.mjs';
import { must, run } from './run.mjs';

const environment = process.env.PORTAL_ENV ?? 'development';
const pnpm = await installDependencies();
if (!process.argv.includes('--no-build')) await buildApps(pnpm);
await must(pnpm, ['ops', 'publish-all', '--env', environment, '--reason', 'npm start'], { cwd: root });
process.exitCode = await run(pnpm, ['--filter', '@portal/gateway', '--silent', 'start'], {
  cwd: root,
  env: { ...process.env, PORTAL_ENV: environment },
});
