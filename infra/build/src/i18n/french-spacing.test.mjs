import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMessagesDir } from './check-messages.mjs';
import { breakableSpacesBeforeMarks, fixFrenchFile, fixFrenchSpacing } from './french-spacing.mjs';

describe('French spacing before high punctuation', () => {
  it('makes the space before a colon a no-break space and before ; ? ! a narrow one', () => {
    expect(fixFrenchSpacing('Prix : croissant')).toBe('Prix\u00a0: croissant');
    expect(fixFrenchSpacing('Mot de passe oublié ? Oui ; non !')).toBe('Mot de passe oublié\u202f? Oui\u202f; non\u202f!');
  });

  it('leaves marks without a space before them, and URLs and times, alone', () => {
    for (const text of ['https://example.com', '10:30', 'Note:', 'Déjà\u00a0: fait']) expect(fixFrenchSpacing(text)).toBe(text);
  });

  it('reports each breakable space with its context', () => {
    expect(breakableSpacesBeforeMarks('Étape {step} sur {total} : {title}')).toEqual([' sur {total} :']);
    expect(breakableSpacesBeforeMarks('Étape {step} sur {total}\u00a0: {title}')).toEqual([]);
  });

  it('fails the messages check on an ordinary space in fr.json, and passes once fixed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fr-spacing-'));
    try {
      writeFileSync(join(dir, 'en.json'), JSON.stringify({ sort: 'Price: low to high' }));
      writeFileSync(join(dir, 'nl.json'), JSON.stringify({ sort: 'Prijs: laag naar hoog' }));
      writeFileSync(join(dir, 'fr.json'), JSON.stringify({ sort: 'Prix : croissant' }));
      expect(checkMessagesDir(dir).map((p) => p.kind)).toEqual(['french-spacing']);
      expect(fixFrenchFile(join(dir, 'fr.json'))).toBe(1);
      expect(JSON.parse(readFileSync(join(dir, 'fr.json'), 'utf8')).sort).toBe('Prix\u00a0: croissant');
      expect(checkMessagesDir(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
