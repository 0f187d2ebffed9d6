// `portal-i18n check`: every messages folder of the portal is complete and consistent, and every
// message id the apps' source uses exists in the messages that app can see at run time.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkMessagesDir } from './check-messages.mjs';
import { SOURCE_LOCALE, loadLocale } from './messages.mjs';
import { scanFiles, sourceFiles } from './scan-source.mjs';

/** Where the shared package keeps its messages (design system, validation, generic errors). */
export const SHARED_MESSAGES_DIR = 'shared/src/i18n/messages';

/**
 * @typedef {object} App
 * @property {string} name        folder name: shell, mfe-orders…
 * @property {string} dir         absolute folder
 * @property {string} messagesDir absolute `src/messages`
 * @property {string[]} layers    absolute messages folders layered under the app's own at run time
 * @property {string[]} featureDirs absolute messages folders under `src/features`: a feature's own
 *   messages, loaded by that feature when it is used (decision 075), over the app's
 */

/** Messages folders (with an en.json) anywhere under `dir`. */
function messagesDirsUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => {
      const sub = join(dir, e.name);
      return e.name === 'messages' && existsSync(join(sub, `${SOURCE_LOCALE}.json`)) ? [sub] : messagesDirsUnder(sub);
    });
}

/**
 * The apps of a workspace: the shell sees its own messages over the shared package's; a remote's
 * pages see the remote's over the shell's over the shared package's.
 * @param {string} root workspace root
 * @returns {{ apps: App[], sharedDir?: string }}
 */
export function discoverApps(root) {
  const sharedDir = join(root, SHARED_MESSAGES_DIR);
  const shared = existsSync(sharedDir) ? [sharedDir] : [];
  const shellMessages = join(root, 'shell', 'src', 'messages');
  const apps = [];
  if (existsSync(shellMessages)) {
    apps.push({ name: 'shell', dir: join(root, 'shell'), messagesDir: shellMessages, layers: shared, featureDirs: messagesDirsUnder(join(root, 'shell', 'src', 'features')) });
  }
  const remotes = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name.startsWith('mfe-') && existsSync(join(root, e.name, 'src', 'messages')))
    .map((e) => e.name)
    .sort();
  for (const name of remotes) {
    apps.push({
      name,
      dir: join(root, name),
      messagesDir: join(root, name, 'src', 'messages'),
      layers: [...(existsSync(shellMessages) ? [shellMessages] : []), ...shared],
      featureDirs: messagesDirsUnder(join(root, name, 'src', 'features')),
    });
  }
  return { apps, sharedDir: shared[0] };
}

/**
 * Runs every check over a workspace.
 * @param {string} root workspace root
 * @returns {{ problems: import('./check-messages.mjs').Problem[], checkedDirs: string[], checkedFiles: number, idUses: number }}
 */
export function checkWorkspace(root) {
  const { apps, sharedDir } = discoverApps(root);
  const problems = [];
  const checkedDirs = [];

  for (const dir of [...(sharedDir ? [sharedDir] : []), ...apps.flatMap((a) => [a.messagesDir, ...a.featureDirs])]) {
    checkedDirs.push(dir);
    problems.push(...checkMessagesDir(dir));
  }

  let checkedFiles = 0;
  let idUses = 0;
  for (const app of apps) {
    // Keys count when they exist in English: a key missing from nl/fr is reported above already.
    const known = new Set();
    for (const dir of [app.messagesDir, ...app.featureDirs, ...app.layers]) {
      for (const id of Object.keys(loadLocale(dir, SOURCE_LOCALE))) known.add(id);
    }
    const files = sourceFiles(join(app.dir, 'src'));
    checkedFiles += files.length;
    for (const use of scanFiles(files)) {
      idUses += 1;
      if (!known.has(use.id)) {
        const seenBy = app.layers.length
          ? `${relative(root, app.messagesDir)} or ${app.layers.map((d) => relative(root, d)).join(' or ')}`
          : relative(root, app.messagesDir);
        problems.push({
          file: `${use.file}:${use.line}`,
          kind: 'unknown-id',
          message: `message id "${use.id}" (${app.name}) exists in none of ${seenBy} (en.json)`,
        });
      }
    }
  }
  return { problems, checkedDirs, checkedFiles, idUses };
}

/** A readable report, grouped by file, with paths relative to the workspace root. */
export function formatProblems(problems, root) {
  const byFile = new Map();
  for (const p of problems) {
    const file = relative(root, p.file) || p.file;
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file).push(p);
  }
  const lines = [];
  for (const [file, list] of byFile) {
    lines.push(file);
    for (const p of list) lines.push(`  [${p.kind}] ${p.message}`);
  }
  return lines.join('\n');
}
