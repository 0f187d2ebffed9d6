// Reading flat react-intl message files and looking inside their ICU messages.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

/** The locales translators maintain by hand; `xx` is generated from `en` and never checked in. */
export const SOURCE_LOCALE = 'en';
export const TRANSLATED_LOCALES = ['nl', 'fr'];

/**
 * Reads one flat messages file (`{ "id": "ICU text" }`).
 * @param {string} file
 * @returns {{ messages?: Record<string, string>, error?: string }}
 */
export function readMessagesFile(file) {
  if (!existsSync(file)) return { error: 'file is missing' };
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { error: `is not valid JSON (${error.message})` };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    return { error: 'must be a flat JSON object of id -> message' };
  }
  const bad = Object.entries(data).filter(([, text]) => typeof text !== 'string');
  if (bad.length) return { error: `values must be strings (not: ${bad.map(([id]) => id).join(', ')})` };
  return { messages: data };
}

/** The messages of one locale in a messages folder, or `{}` when the file is absent or broken. */
export function loadLocale(dir, locale) {
  return readMessagesFile(join(dir, `${locale}.json`)).messages ?? {};
}

/**
 * Parses an ICU message the way react-intl does at run time (tags parsed, `other` required).
 * @returns {{ ast?: import('@formatjs/icu-messageformat-parser').MessageFormatElement[], error?: string }}
 */
export function parseMessage(text) {
  try {
    return { ast: parse(text) };
  } catch (error) {
    return { error: error.message };
  }
}

/**
 * The names a message needs from its caller: `{arg}`s of every kind (plural, select, number, date…)
 * and rich-text tags as `<tag>`, collected through plural/select branches and tag children.
 * @param {import('@formatjs/icu-messageformat-parser').MessageFormatElement[]} ast
 * @returns {string[]} sorted, unique
 */
export function argumentNames(ast) {
  const names = new Set();
  const walk = (elements) => {
    for (const el of elements) {
      switch (el.type) {
        case TYPE.argument:
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          names.add(el.value);
          break;
        case TYPE.plural:
        case TYPE.select:
          names.add(el.value);
          for (const option of Object.values(el.options)) walk(option.value);
          break;
        case TYPE.tag:
          names.add(`<${el.value}>`);
          walk(el.children);
          break;
        default:
          break;
      }
    }
  };
  walk(ast);
  return [...names].sort();
}
