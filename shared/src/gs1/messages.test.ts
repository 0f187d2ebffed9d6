// Every GS1 error code has its text in en, nl and fr, valid ICU with its `{ai}`.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { GS1_ERRORS, gs1MessageKey } from './errors';
import { loadGs1Messages } from './messages';

describe('GS1 error messages', () => {
  it.each(['en', 'nl', 'fr'])('%s has a text for every code and nothing else', async (locale) => {
    const messages = await loadGs1Messages(locale);
    const keys = Object.values(GS1_ERRORS).map(gs1MessageKey).sort();
    expect(Object.keys(messages).sort()).toEqual(keys);
    const errors: unknown[] = [];
    const intl = createIntl({ locale, messages, onError: (e) => errors.push(e) });
    for (const key of keys) expect(intl.formatMessage({ id: key }, { ai: '10' }).trim()).not.toBe('');
    expect(errors).toEqual([]);
  });

  it('falls back to English for another locale', async () => {
    expect(await loadGs1Messages('de')).toEqual(await loadGs1Messages('en'));
  });

  it('differs between languages', async () => {
    const [en, nl, fr] = await Promise.all(['en', 'nl', 'fr'].map(loadGs1Messages));
    const key = gs1MessageKey(GS1_ERRORS.checkDigit);
    expect(new Set([en![key], nl![key], fr![key]]).size).toBe(3);
  });
});
