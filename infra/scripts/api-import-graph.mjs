// The import graph of infra/api/src by layer (decision 065): a node per owner (modules/<owner>) or
// building block, and the arrows that run from a lower layer to a higher one. Production files only.
//
//   node infra/scripts/api-import-graph.mjs [src-dir] [--types]   (--types counts `import type` too)
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';

const args = process.argv.slice(2);
const SRC = resolve(args.find((a) => !a.startsWith('--')) ?? join(import.meta.dirname, '../api/src'));
const withTypes = args.includes('--types');

const BLOCKS = ['common', 'http', 'plugins', 'db'];
const ROOT_BLOCKS = ['caller', 'errors', 'env', 'env-seller'];
const SCHEMA = ['db/schema', 'db/enums', 'db/columns', 'db/audit-log'];
const NOT_PRODUCTION = ['test-support', 'crossing', 'security', 'architecture'];

function files(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) files(path, out);
    else if (e.name.endsWith('.ts') && !/\.(test|test-support)\.ts$/.test(e.name)) out.push(path);
  }
  return out;
}

/** The layer node of a path relative to src (without extension), or null outside production code. */
function node(path) {
  const rel = path.replace(/\.ts$/, '').replace(/\/index$/, '');
  const parts = rel.split('/');
  if (parts[0] === 'modules') return parts[2] === 'tables' ? 'schema' : `owner:${parts[1]}`;
  if ((parts[0] === 'db' && parts[1] === 'schema') || SCHEMA.includes(rel)) return 'schema';
  if (BLOCKS.includes(parts[0])) return `block:${parts[0]}`;
  if (parts.length === 1 && ROOT_BLOCKS.includes(parts[0])) return 'block:root';
  if (NOT_PRODUCTION.includes(parts[0])) return null;
  return 'composition';
}
const rank = (n) => (n === 'composition' ? 3 : n.startsWith('owner:') ? 2 : n.startsWith('block:') ? 1 : 0);

const IMPORT = withTypes ? /^(?:import|export) [^;]*?from\s*'(\.[^']+)'/gms : /^(?:import|export) (?!type )[^;]*?from\s*'(\.[^']+)'/gms;
const edges = new Map();
for (const file of files(SRC)) {
  const rel = relative(SRC, file).split('\\').join('/');
  const from = node(rel);
  if (!from) continue;
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const to = node(posix.normalize(posix.join(posix.dirname(rel), m[1])));
    if (!to || to === from) continue;
    const key = `${from} -> ${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
  }
}
const upward = [...edges.keys()].filter((k) => {
  const [a, b] = k.split(' -> ');
  return rank(b) > rank(a);
});
console.log(`${edges.size} arrows between layer nodes${withTypes ? ' (with type imports)' : ''}; ${upward.length} run up:`);
for (const k of upward) console.log(`  ${k} (${edges.get(k)} imports)`);
