// The shared scan texts exist in en, nl and fr with the same keys and placeholders, and are valid ICU.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { loadScanMessages } from './messages';

const VALUES = { name: 'Gauze', price: '€1.00', lot: 'A1', reference: 'R-1', gtin: '05400001000019' };

describe('scan messages', () => {
  it.each(['nl', 'fr'])('%s has every English key and no other, each a valid message', async (locale) => {
    // The files as written (strings; a build may hand them over compiled).
    const [en, other] = (await Promise.all([loadScanMessages('en'), loadScanMessages(locale)])) as Record<string, string>[];
    expect(Object.keys(other!).sort()).toEqual(Object.keys(en!).sort());
    const errors: unknown[] = [];
    const intl = createIntl({ locale, messages: other!, onError: (e) => errors.push(e) });
    for (const key of Object.keys(en!)) {
      expect(intl.formatMessage({ id: key }, VALUES).trim()).not.toBe('');
      // The same placeholders as the English text.
      expect(placeholders(other![key]!)).toEqual(placeholders(en![key]!));
    }
    expect(errors).toEqual([]);
    expect(other!['scan.added']).not.toBe(en!['scan.added']);
  });

  it('falls back to English for another locale', async () => {
    expect(await loadScanMessages('xx')).toEqual(await loadScanMessages('en'));
  });
});

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
