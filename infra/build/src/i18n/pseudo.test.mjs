import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createIntl } from '@formatjs/intl';
import { afterEach, describe, expect, it } from 'vitest';
import { argumentNames, parseMessage } from './messages.mjs';
import { writeRepo } from './fixture-repo.mjs';
import { pseudoLocalize, writePseudoLocale } from './pseudo.mjs';

const CLI = fileURLToPath(new URL('./cli.mjs', import.meta.url));

const EN = {
  'nav.signIn': 'Sign in',
  'footer.copyright': '© {year} MedTac Supply. All rights reserved.',
  'cart.items': 'You have {count, plural, =0 {no items} one {# item} other {# items}} in <b>your cart</b>.',
  'order.by': '{gender, select, female {She} male {He} other {They}} ordered on {date, date, medium} for {total, number, ::currency/EUR}',
  'quote.braces': "Type '{'code'}' exactly",
};

const roots = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('pseudoLocalize (formatjs en-XA)', () => {
  it('keeps every placeholder, plural/select branch and tag, and still parses as ICU', async () => {
    const xx = await pseudoLocalize(EN);
    expect(Object.keys(xx)).toEqual(Object.keys(EN));
    for (const [id, text] of Object.entries(EN)) {
      const pseudo = parseMessage(xx[id]);
      expect(pseudo.error, `${id}: ${xx[id]}`).toBeUndefined();
      expect(argumentNames(pseudo.ast), id).toEqual(argumentNames(parseMessage(text).ast));
    }
    // formatjs may reorder plural options; `=0` is still matched before the plural rules.
    const plural = parseMessage(xx['cart.items']).ast.find((el) => el.value === 'count');
    expect(Object.keys(plural.options).sort()).toEqual(['=0', 'one', 'other']);
  });

  it('makes every text visibly different: accented letters inside brackets', async () => {
    const xx = await pseudoLocalize(EN);
    for (const [id, text] of Object.entries(EN)) {
      expect(xx[id], id).not.toBe(text);
      expect(xx[id], id).toMatch(/^\[.*\]$/s);
    }
    expect(xx['nav.signIn']).toMatch(/^\[[^A-Za-z ]+ [^A-Za-z ]+\]$/);
  });

  it('formats with the placeholder values through @formatjs/intl, plurals included', async () => {
    const xx = await pseudoLocalize(EN);
    const errors = [];
    // xx has no CLDR data; react-intl formats it with its default locale's rules, as the shell does.
    const intl = createIntl({ locale: 'en-US', messages: xx, onError: (e) => errors.push(e) });
    const one = intl.formatMessage({ id: 'cart.items' }, { count: 1, b: (chunks) => `*${chunks.join('')}*` });
    const many = intl.formatMessage({ id: 'cart.items' }, { count: 7, b: (chunks) => `*${chunks.join('')}*` });
    const none = intl.formatMessage({ id: 'cart.items' }, { count: 0, b: (chunks) => `*${chunks.join('')}*` });
    expect(errors).toEqual([]);
    expect(one).toMatch(/^\[.* 1 [^ \]]+ .*\*.+\*\.\]$/);
    expect(many).toMatch(/ 7 /);
    expect(many).not.toBe(one.replace(' 1 ', ' 7 ')); // the `other` branch was chosen, not `one`
    expect(none).not.toMatch(/\d/);
    expect(intl.formatMessage({ id: 'footer.copyright' }, { year: 2026 })).toMatch(/^\[© 2026 .+\]$/);
    expect(intl.formatMessage({ id: 'quote.braces' })).toContain('{');
  });

  it('rejects a pseudo-locale formatjs does not have', async () => {
    await expect(pseudoLocalize(EN, { pseudoLocale: 'xx-XX' })).rejects.toThrow(/unknown pseudo-locale/);
  });
});

describe('portal-i18n pseudo', () => {
  it('writes xx.json from en.json over the included files (own messages win)', async () => {
    const root = writeRepo({
      'shared/en.json': { 'ui.close': 'Close', 'error.notFound.title': 'Resource not found' },
      'shell/src/messages/en.json': { 'error.notFound.title': 'Page not found', 'nav.signIn': 'Sign in' },
    });
    roots.push(root);
    const { file, count } = await writePseudoLocale('src/messages', { include: ['../shared/en.json'], cwd: join(root, 'shell') });
    expect(file).toBe(join(root, 'shell/src/messages/xx.json'));
    expect(count).toBe(3);
    const xx = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(xx)).toEqual(['ui.close', 'error.notFound.title', 'nav.signIn']);
    const intl = createIntl({ locale: 'en-US', messages: xx });
    // "Page not found" accented has 4+3+5 letters; "Resource not found" would be longer.
    expect(intl.formatMessage({ id: 'error.notFound.title' })).toMatch(/^\[\S{4,8} \S{3,6} \S{5,10}\]$/);
  });

  it('runs as a command, and fails without writing when en.json is not valid ICU', () => {
    const root = writeRepo({ 'ok/en.json': { a: 'Hello {name}' }, 'bad/en.json': { a: 'Hello {name' } });
    roots.push(root);
    const ok = spawnSync(process.execPath, [CLI, 'pseudo', 'ok'], { cwd: root, encoding: 'utf8' });
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'ok/xx.json'), 'utf8')).a).toMatch(/^\[.+ \{name\}\]$/);

    const bad = spawnSync(process.execPath, [CLI, 'pseudo', 'bad'], { cwd: root, encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('bad/en.json: "a" is not valid ICU');
    expect(existsSync(join(root, 'bad/xx.json'))).toBe(false);
  });
});
