#!/usr/bin/env node
// `pnpm ops`: runs the compiled CLI (dist/cli.js, decision 022) and builds it first when it is missing
// or older than its sources (a fresh clone, an edited source), so the command is never stale.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..', '..');
const cli = join(here, '..', 'dist', 'cli.js');

/** Newest modification time of the TypeScript sources under `dir` (a few dozen files: ~ms). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const stale = () => {
  if (!existsSync(cli)) return true;
  const built = statSync(cli).mtimeMs;
  return [join(here, '..', 'src'), join(repo, 'shared', 'src', 'schemas'), join(repo, 'shared', 'src', 'routing')].some((dir) => newestSource(dir) > built);
};

if (stale()) {
  const { buildServers } = await import(pathToFileURL(join(repo, 'infra', 'scripts', 'build-servers.mjs')).href);
  await buildServers({ quiet: true, only: ['infra/deploy/dist/cli.js'] });
}
await import(pathToFileURL(cli).href);
