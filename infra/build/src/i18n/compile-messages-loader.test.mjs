import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import compileMessagesLoader, { compileCatalog } from './compile-messages-loader.mjs';
import { argumentNames, parseMessage } from './messages.mjs';

/** A value for every argument and tag a text needs, so that both ways format it in full. */
function valuesFor(text) {
  const names = argumentNames(parseMessage(text).ast ?? []);
  return Object.fromEntries(names.map((name) => (name.startsWith('<') ? [name.slice(1, -1), (chunks) => `[${chunks.join('')}]`] : [name, 3])));
}

const repo = join(import.meta.dirname, '..', '..', '..', '..');

describe('the catalog loader (decision 029)', () => {
  it('turns each text into the AST react-intl formats without a parser', () => {
    const compiled = compileCatalog({
      plain: 'Sign in',
      count: '{count, plural, one {# item} other {# items}}',
      tag: 'Read the <link>terms</link>',
    });
    expect(compiled.plain).toEqual([{ type: 0, value: 'Sign in' }]);
    const intl = createIntl({ locale: 'en', messages: compiled, onError: (error) => { throw error; } });
    expect(intl.formatMessage({ id: 'count' }, { count: 2 })).toBe('2 items');
    expect(intl.formatMessage({ id: 'tag' }, { link: (chunks) => `[${chunks.join('')}]` })).toBe('Read the [terms]');
  });

  it('compiles every real catalog as react-intl would parse it at run time', () => {
    for (const file of ['shell/src/messages/en.json', 'mfe-auth/src/messages/fr.json', 'shared/src/i18n/messages/nl.json']) {
      const source = readFileSync(join(repo, file), 'utf8');
      const catalog = JSON.parse(source);
      const parsed = createIntl({ locale: 'en', messages: catalog, onError: () => undefined });
      const compiled = createIntl({ locale: 'en', messages: JSON.parse(compileMessagesLoader.call({ resourcePath: file }, source)), onError: () => undefined });
      for (const [id, text] of Object.entries(catalog)) {
        const values = valuesFor(text);
        expect(compiled.formatMessage({ id }, values), id).toEqual(parsed.formatMessage({ id }, values));
      }
    }
  });

  it('fails the build with the file and the id of a broken text', () => {
    expect(() => compileMessagesLoader.call({ resourcePath: 'x/messages/en.json' }, '{"a.b": "{count, plural, one {x}}"}')).toThrow(
      /^x\/messages\/en\.json: message "a\.b" is not valid ICU/,
    );
  });

  it("points react-intl's libraries at a parser build that really has no parser", () => {
    const require = createRequire(join(repo, 'shell', 'package.json'));
    const noParser = require.resolve('@formatjs/icu-messageformat-parser/no-parser.js');
    expect(readFileSync(noParser, 'utf8')).toMatch(/function parse\(\) \{\n\s*throw new Error/);
  });
});
