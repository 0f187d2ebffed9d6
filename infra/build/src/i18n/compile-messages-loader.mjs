// rspack loader for the portal's message catalogs (`**/messages/<locale>.json`) in production builds:
// each ICU text becomes the AST react-intl would otherwise parse in the browser, so the pages ship
// without the ICU message parser (docs/decisions/029). The output is still a JSON module of
// id -> message, which react-intl takes as is.
import { parse } from '@formatjs/icu-messageformat-parser';

/**
 * Compiles one flat catalog. A text that does not parse fails the build with its id: the i18n check
 * reports the same texts, and a broken message must not reach the browser as a silent fallback.
 * Skeletons are parsed here (the runtime formats from their parsed options) and locations are left
 * out (only the parser's error messages use them).
 * @param {Record<string, unknown>} catalog
 * @returns {Record<string, import('@formatjs/icu-messageformat-parser').MessageFormatElement[]>}
 */
export function compileCatalog(catalog) {
  return Object.fromEntries(
    Object.entries(catalog).map(([id, text]) => {
      if (typeof text !== 'string') throw new Error(`message "${id}" is not a string`);
      try {
        return [id, parse(text)];
      } catch (error) {
        throw new Error(`message "${id}" is not valid ICU: ${error.message}`);
      }
    }),
  );
}

/** @this {{ resourcePath: string }} */
export default function compileMessagesLoader(source) {
  try {
    return JSON.stringify(compileCatalog(JSON.parse(source)));
  } catch (error) {
    throw new Error(`${this.resourcePath}: ${error.message}`);
  }
}
