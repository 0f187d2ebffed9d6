#!/usr/bin/env node
// portal-i18n: the portal's message tooling. Plain Node ESM, so it runs before anything is compiled.
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { checkWorkspace, discoverApps, formatProblems } from './check.mjs';
import { fixFrenchFile } from './french-spacing.mjs';
import { DEFAULT_PSEUDO_LOCALE, PSEUDO_LOCALES, writePseudoLocale } from './pseudo.mjs';

const USAGE = `Usage:
  portal-i18n pseudo <messagesDir> [--include <en.json> ...] [--locale ${PSEUDO_LOCALES.join('|')}]
      Writes <messagesDir>/xx.json: <messagesDir>/en.json (over the included English files)
      pseudo-localised with formatjs (default ${DEFAULT_PSEUDO_LOCALE}: accented and bracketed).
  portal-i18n check [--root <workspace>]
      Fails when nl/fr miss or add keys against en, a message is not valid ICU, placeholders differ
      between languages, a French message has a breakable space before : ; ? !, or the shell's or a
      remote's source uses an unknown message id.
  portal-i18n fix-french [--root <workspace>]
      Makes the space before : ; ? ! in every fr.json non-breaking (French typography).`;

/** The nearest folder at or above `from` with a pnpm-workspace.yaml. */
function findWorkspaceRoot(from) {
  let dir = resolve(from);
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(from);
    dir = parent;
  }
}

/** Splits argv into positionals and repeatable `--name value` options. */
function parseArgs(argv) {
  const positionals = [];
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') {
      options.help = [true];
    } else if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2);
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`--${name} needs a value`);
      (options[name] ??= []).push(value);
    } else {
      positionals.push(arg);
    }
  }
  return { positionals, options };
}

async function main(argv) {
  const [command, ...rest] = argv;
  const { positionals, options } = parseArgs(rest);
  if (!command || options.help || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (command === 'pseudo') {
    const [messagesDir, ...extra] = positionals;
    if (!messagesDir || extra.length) throw new Error('pseudo takes exactly one <messagesDir>');
    const { file, count } = await writePseudoLocale(messagesDir, {
      include: options.include ?? [],
      pseudoLocale: options.locale?.at(-1),
    });
    console.log(`portal-i18n: wrote ${count} pseudo-localised messages to ${relative(process.cwd(), file)}`);
    return 0;
  }
  if (command === 'check') {
    const root = resolve(options.root?.at(-1) ?? findWorkspaceRoot(process.cwd()));
    const { problems, checkedDirs, checkedFiles, idUses } = checkWorkspace(root);
    const summary = `${checkedDirs.length} messages folders, ${checkedFiles} source files, ${idUses} message id uses`;
    if (problems.length) {
      console.error(formatProblems(problems, root));
      console.error(`\nportal-i18n check: ${problems.length} problem(s) in ${summary}`);
      return 1;
    }
    console.log(`portal-i18n check: OK (${summary})`);
    return 0;
  }
  if (command === 'fix-french') {
    const root = resolve(options.root?.at(-1) ?? findWorkspaceRoot(process.cwd()));
    const { apps, sharedDir } = discoverApps(root);
    for (const dir of [...(sharedDir ? [sharedDir] : []), ...apps.map((a) => a.messagesDir)]) {
      const file = join(dir, 'fr.json');
      if (existsSync(file)) console.log(`${relative(root, file)}: ${fixFrenchFile(file)} message(s) fixed`);
    }
    return 0;
  }
  throw new Error(`unknown command "${command}"\n\n${USAGE}`);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`portal-i18n: ${error.message}`);
    process.exitCode = 2;
  },
);
