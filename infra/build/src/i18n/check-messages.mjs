// Consistency of one messages folder: same keys in every locale, valid ICU, same placeholders.
import { join } from 'node:path';
import {
  SOURCE_LOCALE,
  TRANSLATED_LOCALES,
  argumentNames,
  parseMessage,
  readMessagesFile,
} from './messages.mjs';
import { breakableSpacesBeforeMarks } from './french-spacing.mjs';

/**
 * @typedef {object} Problem
 * @property {string} file   path of the file at fault (as given, joined with the locale file name)
 * @property {string} kind   stable code: missing-file, invalid-file, missing-key, extra-key,
 *                           invalid-icu, empty-message, placeholder-mismatch, unknown-id,
 *                           french-spacing
 * @property {string} message what is wrong, for a person
 */

/**
 * Checks en.json against each translated locale of a messages folder.
 * @param {string} dir messages folder (holds en.json, nl.json, fr.json)
 * @param {{ locales?: string[] }} [options]
 * @returns {Problem[]}
 */
export function checkMessagesDir(dir, { locales = TRANSLATED_LOCALES } = {}) {
  const problems = [];
  const enFile = join(dir, `${SOURCE_LOCALE}.json`);
  const en = readMessagesFile(enFile);
  if (en.error) return [{ file: enFile, kind: en.error === 'file is missing' ? 'missing-file' : 'invalid-file', message: `${SOURCE_LOCALE}.json ${en.error}` }];

  // English first: its placeholders are the reference the translations must match.
  const reference = new Map();
  for (const [id, text] of Object.entries(en.messages)) {
    const args = checkText(problems, enFile, id, text);
    if (args) reference.set(id, args);
  }

  for (const locale of locales) {
    const file = join(dir, `${locale}.json`);
    const loaded = readMessagesFile(file);
    if (loaded.error) {
      problems.push({ file, kind: loaded.error === 'file is missing' ? 'missing-file' : 'invalid-file', message: `${locale}.json ${loaded.error}` });
      continue;
    }
    const translated = loaded.messages;
    for (const id of Object.keys(en.messages)) {
      if (!(id in translated)) problems.push({ file, kind: 'missing-key', message: `"${id}" is in en.json but missing in ${locale}.json` });
    }
    for (const [id, text] of Object.entries(translated)) {
      if (!(id in en.messages)) {
        problems.push({ file, kind: 'extra-key', message: `"${id}" is in ${locale}.json but not in en.json` });
        continue;
      }
      const args = checkText(problems, file, id, text);
      if (locale === 'fr') {
        for (const at of breakableSpacesBeforeMarks(text)) {
          problems.push({ file, kind: 'french-spacing', message: `"${id}" has a breakable space before a mark ("${at}"): run portal-i18n fix-french` });
        }
      }
      const expected = reference.get(id);
      if (args && expected && args.join() !== expected.join()) {
        problems.push({
          file,
          kind: 'placeholder-mismatch',
          message: `"${id}" uses ${describe(args)} in ${locale}.json but ${describe(expected)} in en.json`,
        });
      }
    }
  }
  return problems;
}

/** Parses one message, records what is wrong with it, and returns its argument names when valid. */
function checkText(problems, file, id, text) {
  if (!text.trim()) {
    problems.push({ file, kind: 'empty-message', message: `"${id}" is empty` });
    return undefined;
  }
  const { ast, error } = parseMessage(text);
  if (error) {
    problems.push({ file, kind: 'invalid-icu', message: `"${id}" is not valid ICU (${error}): ${JSON.stringify(text)}` });
    return undefined;
  }
  return argumentNames(ast);
}

function describe(args) {
  return args.length ? args.map((a) => (a.startsWith('<') ? a : `{${a}}`)).join(', ') : 'no placeholders';
}
