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

/** True when `bundle` is missing or older than a source under `dirs`. */
const stale = (bundle, dirs) => {
  if (!existsSync(bundle)) return true;
  const built = statSync(bundle).mtimeMs;
  return dirs.some((dir) => newestSource(dir) > built);
};

// `clients ...` (integration clients, decision 045) and `punchout ...` (procurement identities,
// decision 052) run the API's own bundle: it opens the API's database, which the deployment commands
// never touch, so the deploy CLI stays free of it.
const clients = process.argv[2] === 'clients' || process.argv[2] === 'punchout';
const [bundle, out, sources] = clients
  ? [join(repo, 'infra', 'api', 'dist', 'clients-cli.js'), 'infra/api/dist/clients-cli.js', [join(repo, 'infra', 'api', 'src'), join(repo, 'shared', 'src', 'schemas')]]
  : [cli, 'infra/deploy/dist/cli.js', [join(here, '..', 'src'), join(repo, 'shared', 'src', 'schemas'), join(repo, 'shared', 'src', 'routing')]];

if (stale(bundle, sources)) {
  const { buildServers } = await import(pathToFileURL(join(repo, 'infra', 'scripts', 'build-servers.mjs')).href);
  await buildServers({ quiet: true, only: [out] });
}
await import(pathToFileURL(bundle).href);
