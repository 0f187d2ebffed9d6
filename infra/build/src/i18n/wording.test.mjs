// The portal's words, one per idea, in every catalog of the repository: a Belgian Dutch reader meets
// "winkelmandje" and "Afrekenen" everywhere, never a second word for the same thing (issue 32).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const CATALOG_DIRS = [
  ...readdirSync(ROOT).filter((name) => name.startsWith('mfe-') || name === 'shell').map((name) => join(ROOT, name, 'src/messages')),
  join(ROOT, 'shared/src/i18n/messages'),
  join(ROOT, 'shared/src/ui/status-badge/messages'),
];
const textsOf = (locale) =>
  CATALOG_DIRS.flatMap((dir) => Object.entries(JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8'))).map(([id, text]) => `${id}: ${text}`));

describe('the portal wording', () => {
  it('Dutch says winkelmandje and Afrekenen, in grammatical sentences', () => {
    const nl = textsOf('nl');
    expect(nl.filter((t) => /winkelwagen|had aangekomen moeten|via de kassa|Verder naar bestellen/i.test(t))).toEqual([]);
  });

  it('French keeps to plain sentences on the checkout', () => {
    expect(textsOf('fr').filter((t) => /que vous signez ainsi/.test(t))).toEqual([]);
  });
});
