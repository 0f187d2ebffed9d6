import { describe, expect, it } from 'vitest';
import { detectLocale } from './detect-locale';
import { LOCALE_COOKIE_ATTRIBUTES, LOCALE_COOKIE_NAME } from './locale-cookie';
import { DEFAULT_LOCALE, isLocale, LOCALE_TAGS, LOCALES } from './locales';

describe('locales', () => {
  it('maps each locale to its tag (spec section 9)', () => {
    expect(LOCALES).toEqual(['en', 'nl', 'fr', 'xx']);
    expect(LOCALE_TAGS).toEqual({ en: 'en-US', nl: 'nl-BE', fr: 'fr-FR', xx: 'en-XA' });
    expect(DEFAULT_LOCALE).toBe('en');
  });

  it.each([
    ['en', true],
    ['nl', true],
    ['fr', true],
    ['xx', true],
    ['de', false],
    ['EN', false],
    ['', false],
    [undefined, false],
    [42, false],
  ])('isLocale(%j) is %s', (value, expected) => {
    expect(isLocale(value)).toBe(expected);
  });

  it('keeps the locale cookie a year, SameSite lax, on the whole site', () => {
    expect(LOCALE_COOKIE_NAME).toBe('locale');
    expect(LOCALE_COOKIE_ATTRIBUTES).toEqual({ expires: 365, sameSite: 'lax', path: '/' });
  });
});

describe('detectLocale', () => {
  it('prefers the cookie over the browser languages', () => {
    expect(detectLocale({ cookie: 'fr', navigatorLanguages: ['nl-BE', 'en'] })).toBe('fr');
  });

  it('accepts the placeholder locale from the cookie (chosen on purpose)', () => {
    expect(detectLocale({ cookie: 'xx', navigatorLanguages: ['nl'] })).toBe('xx');
  });

  it('ignores an unsupported cookie and falls back to the browser languages', () => {
    expect(detectLocale({ cookie: 'de', navigatorLanguages: ['de-DE', 'nl-NL', 'fr'] })).toBe('nl');
  });

  it('matches browser languages by primary subtag, case-insensitively, in order', () => {
    expect(detectLocale({ navigatorLanguages: ['FR-be', 'nl'] })).toBe('fr');
    expect(detectLocale({ navigatorLanguages: ['en-GB'] })).toBe('en');
  });

  it('never picks the placeholder locale from the browser', () => {
    expect(detectLocale({ navigatorLanguages: ['xx-XX', 'nl'] })).toBe('nl');
  });

  it('falls back to English when nothing matches or nothing is known', () => {
    expect(detectLocale({ cookie: null, navigatorLanguages: ['de', 'es'] })).toBe('en');
    expect(detectLocale({})).toBe('en');
    expect(detectLocale()).toBe('en');
  });
});
