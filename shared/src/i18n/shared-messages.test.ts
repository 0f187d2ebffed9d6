import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from '../schemas/messages';
import en from './messages/en.json';
import { messageText, providerMessages } from './message';
import { getSharedMessages, SHARED_MESSAGES } from './shared-messages';

const locales = Object.keys(SHARED_MESSAGES) as Array<keyof typeof SHARED_MESSAGES>;
const enKeys = Object.keys(en).sort();

describe('shared messages', () => {
  it.each(locales)('%s has exactly the same keys as every other locale', (locale) => {
    const keys = Object.keys(SHARED_MESSAGES[locale]).sort();
    const missing = enKeys.filter((k) => !keys.includes(k));
    const extra = keys.filter((k) => !enKeys.includes(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(locales)('%s has no empty texts', (locale) => {
    const empty = Object.entries(SHARED_MESSAGES[locale]).filter(([, text]) => !messageText(text)?.trim());
    expect(empty).toEqual([]);
  });

  it('has a text for every message key the schemas can produce', () => {
    const missing = Object.values(MESSAGE_KEYS).filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });

  it.each(locales)('%s: every message is valid ICU and formats with a count', (locale) => {
    const errors: unknown[] = [];
    const intl = createIntl({ locale, messages: providerMessages(SHARED_MESSAGES[locale]), onError: (e) => errors.push(e) });
    for (const id of enKeys) {
      intl.formatMessage({ id }, { count: 2, method: 'GET', url: '/x' });
    }
    expect(errors).toEqual([]);
  });

  it('uses the exact English texts of the spec', () => {
    expect(en).toMatchObject({
      'validation.required': 'This field is required.',
      'validation.requiredShort': 'Required',
      'validation.invalid.phone': 'Wrong telephone number',
      'validation.invalid.vat': 'Incorrect VAT number',
      'validation.passwordMismatch': 'Your passwords do not match',
      'error.validation.title': 'Validation error',
      'error.validation.description': 'Please check the form for errors.',
      'error.default.description': 'Please try again later.',
      'error.badRequest.title': 'Bad request',
      'error.unauthorized.title': 'Unauthorized',
      'error.forbidden.title': 'Forbidden',
      'error.notFound.title': 'Resource not found',
      'error.internal.title': 'Internal server error',
      'error.refreshFailed': 'Failed to refresh access token',
      'checkout.invalidDiscountCode': 'Invalid discount code',
      'checkout.shippingMethodRequired': 'Select a shipping method',
      'checkout.noShippingMethod': 'No shipping method available for this country',
      'form.incomplete': 'The form has not been completed completely',
      'quantity.maximumReached': 'Maximum number reached',
      'quantity.maximumAllowed': 'You can add maximum {count}',
    });
  });

  it('pluralises character and element counts', () => {
    const intl = createIntl({ locale: 'en', messages: en });
    expect(intl.formatMessage({ id: 'validation.tooBig.string' }, { count: 1 })).toBe(
      'Must contain at most 1 character',
    );
    expect(intl.formatMessage({ id: 'validation.tooSmall.string' }, { count: 8 })).toBe(
      'Must contain at least 8 characters',
    );
    expect(intl.formatMessage({ id: 'validation.tooBig.array' }, { count: 3 })).toBe(
      'Must contain at most 3 elements',
    );
    const nl = createIntl({ locale: 'nl-BE', messages: providerMessages(getSharedMessages('nl')) });
    expect(nl.formatMessage({ id: 'validation.tooSmall.string' }, { count: 1 })).toBe(
      'Moet minstens 1 teken bevatten',
    );
  });

  it('shows the placeholder locale pseudo-localised, never a key', () => {
    const xx = getSharedMessages('xx');
    expect(xx['validation.required']).toBe('[Ŧħīş ƒīḗŀḓ īş řḗɋŭīřḗḓ.]');
    expect(Object.keys(xx).sort()).toEqual(enKeys);
  });

  it('keeps the ICU structure of a pseudo-localised message, so react-intl formats it like the English', () => {
    const errors: unknown[] = [];
    const intl = createIntl({ locale: 'en-XA', messages: providerMessages(getSharedMessages('xx')), onError: (e) => errors.push(e) });
    expect(intl.formatMessage({ id: 'validation.tooBig.array' }, { count: 3 })).toBe('[Ḿŭşŧ ƈǿƞŧȧīƞ ȧŧ ḿǿşŧ 3 ḗŀḗḿḗƞŧş]');
    expect(errors).toEqual([]);
  });
});
