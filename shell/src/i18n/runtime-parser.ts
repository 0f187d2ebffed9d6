// Its own chunk: loaded only when a server-managed text has ICU syntax (decision 029).
import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';

/**
 * Gives react-intl's message formatter the real ICU parser. The production build resolves the
 * parser to its `no-parser` build inside npm packages (infra/build's module rules), so
 * `IntlMessageFormat.__parse` throws there until this runs; the shell's own import is the real one.
 * In tests and dev servers the parser is already in place and this changes nothing.
 */
export function enableRuntimeParser(): void {
  IntlMessageFormat.__parse = parse;
}
