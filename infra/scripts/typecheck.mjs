// `npm run typecheck` and the test lane's types check: three TypeScript programs instead of one per
// package. Every package type-checked on its own re-read @portal/shared's sources and its libraries
// (13 programs, issue 45); the packages that share compiler options now share a program
// (tsconfig.web.json, tsconfig.node.json, tsconfig.tools.json). A package with a typecheck script
// whose folder none of the three programs includes fails here, so none is left out silently.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePnpm, root } from './ensure-pnpm.mjs';
import { must } from './run.mjs';
import { workspaceDirs } from './workspace.mjs';

const PROGRAMS = ['tsconfig.web.json', 'tsconfig.node.json', 'tsconfig.tools.json'];

/** JSON with the comments tsconfig files allow. */
const readJsonc = (file) => JSON.parse(readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, ''));

const included = PROGRAMS.flatMap((p) => readJsonc(join(root, p)).include);
const missing = workspaceDirs().filter((dir) => {
  const scripts = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).scripts ?? {};
  return scripts.typecheck && !included.some((path) => path === dir || path.startsWith(`${dir}/`));
});
if (missing.length) {
  console.error(`[types] not in any of ${PROGRAMS.join(', ')}: ${missing.join(', ')}. Add each folder to the program whose options it shares.`);
  process.exit(1);
}

const tsc = join(root, 'node_modules/.bin/tsc');
// The shell's pseudo-locale messages are generated, and its sources import them.
await must(ensurePnpm(), ['--filter', '@portal/shell', 'run', 'pseudo'], { cwd: root });
for (const program of PROGRAMS) {
  console.log(`[types] ${program}`);
  await must(tsc, ['-p', program], { cwd: root });
}
