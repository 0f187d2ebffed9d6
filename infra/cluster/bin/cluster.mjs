#!/usr/bin/env node
// `npm run cluster`: makes sure the apps and the server bundles are built, then starts the topology
// launcher (src/cli.ts, through tsx: it only orchestrates; the instances run compiled JavaScript).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..', '..');
const scripts = (name) => pathToFileURL(join(repo, 'infra', 'scripts', name)).href;

const { installDependencies, buildApps } = await import(scripts('install.mjs'));
const { buildServers } = await import(scripts('build-servers.mjs'));
const APPS = ['shell', 'mfe-auth', 'mfe-catalog', 'mfe-checkout', 'mfe-orders', 'mfe-account'];

const pnpm = await installDependencies();
// The apps are built when missing; the server bundles always (a few seconds; never stale after an edit).
if (APPS.some((app) => !existsSync(join(repo, app, 'dist')))) await buildApps(pnpm);
else await buildServers();

const child = spawn(process.execPath, ['--import', 'tsx', join(here, '..', 'src', 'cli.ts'), ...process.argv.slice(2)], {
  cwd: join(here, '..'),
  stdio: 'inherit',
});
// Ctrl-C reaches the launcher too (same process group): it stops the topology; wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
