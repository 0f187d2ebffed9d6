// The placeholder locale `xx`: the English messages run through formatjs' pseudo-localisation, so
// any text on screen that is NOT accented and bracketed was not translated through react-intl.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compile } from '@formatjs/cli-lib';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import { parseMessage, readMessagesFile } from './messages.mjs';

/** formatjs pseudo-locales: en-XA accents every letter and brackets the message ("[Ŝīɠƞ īƞ]"). */
export const PSEUDO_LOCALES = ['en-XA', 'en-XB', 'xx-AC', 'xx-HA', 'xx-LS'];
export const DEFAULT_PSEUDO_LOCALE = 'en-XA';

/**
 * Pseudo-localises flat ICU messages with `@formatjs/cli-lib`'s compile. Only literal text changes:
 * arguments, plural/select structure, `#` and rich-text tags are kept, so react-intl formats the
 * result exactly like the English. The compiler returns ASTs; we print them back to ICU strings so
 * xx.json is as flat as en.json.
 * @param {Record<string, string>} messages
 * @param {{ pseudoLocale?: string }} [options]
 * @returns {Promise<Record<string, string>>}
 */
export async function pseudoLocalize(messages, { pseudoLocale = DEFAULT_PSEUDO_LOCALE } = {}) {
  if (!PSEUDO_LOCALES.includes(pseudoLocale)) {
    throw new Error(`unknown pseudo-locale ${pseudoLocale} (one of ${PSEUDO_LOCALES.join(', ')})`);
  }
  if (Object.keys(messages).length === 0) return {};
  // The compiler reads files, so hand it one.
  const scratch = mkdtempSync(join(tmpdir(), 'portal-i18n-'));
  try {
    const input = join(scratch, 'en.json');
    writeFileSync(input, JSON.stringify(messages));
    const compiled = JSON.parse(await compile([input], { format: 'simple', ast: true, pseudoLocale }));
    // Keep en.json's order so xx.json diffs read like en.json's.
    return Object.fromEntries(Object.keys(messages).map((id) => [id, printAST(compiled[id])]));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Writes `<messagesDir>/xx.json` from `<messagesDir>/en.json`, layered over the included English
 * files in the order given (the app's own messages win, as they do at run time).
 * @param {string} messagesDir
 * @param {{ include?: string[], pseudoLocale?: string, cwd?: string }} [options]
 * @returns {Promise<{ file: string, count: number }>}
 */
export async function writePseudoLocale(messagesDir, { include = [], pseudoLocale, cwd = process.cwd() } = {}) {
  const dir = resolve(cwd, messagesDir);
  const merged = {};
  for (const file of [...include.map((f) => resolve(cwd, f)), join(dir, 'en.json')]) {
    const { messages, error } = readMessagesFile(file);
    if (error) throw new Error(`${file}: ${error}`);
    // Name the file and id of a broken message; the compiler's own error names neither.
    for (const [id, text] of Object.entries(messages)) {
      const parsed = parseMessage(text);
      if (parsed.error) throw new Error(`${file}: "${id}" is not valid ICU (${parsed.error})`);
    }
    Object.assign(merged, messages);
  }
  const pseudo = await pseudoLocalize(merged, { pseudoLocale });
  const file = join(dir, 'xx.json');
  writeFileSync(file, `${JSON.stringify(pseudo, null, 2)}\n`);
  return { file, count: Object.keys(pseudo).length };
}
