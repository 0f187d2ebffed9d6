import { createIntl } from 'react-intl';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterEach, describe, expect, it } from 'vitest';
import { messageText, providerMessages } from '@portal/shared/i18n';
import { serverMessages } from './server-messages';

const realParse = IntlMessageFormat.__parse;
const noParser = () => {
  throw new Error('no parser on this page');
};

describe('server texts as messages (decision 029)', () => {
  afterEach(() => {
    IntlMessageFormat.__parse = realParse;
  });

  it('makes a text without ICU syntax a literal that formats without any parser', async () => {
    IntlMessageFormat.__parse = noParser;
    const body = '# Returns\n\nYou may return goods within 30 days (see "terms"), it\'s free.';
    const messages = await serverMessages({ 'seo.description': 'Medical & tactical supplies', 'policies.return-policy.body': body });
    expect(messages['seo.description']).toEqual([{ type: 0, value: 'Medical & tactical supplies' }]);
    const errors: unknown[] = [];
    const intl = createIntl({ locale: 'en', messages: providerMessages(messages), onError: (e) => errors.push(e) });
    expect(intl.formatMessage({ id: 'seo.description' })).toBe('Medical & tactical supplies');
    expect(messageText(messages['policies.return-policy.body'])).toBe(body);
    expect(errors).toEqual([]);
  });

  it('keeps a text with ICU syntax as written and gives react-intl the real parser for it', async () => {
    IntlMessageFormat.__parse = noParser;
    // A server text's id, not one of the shell's catalogs (the i18n check reads literal ids).
    const countId = 'seo.count';
    const messages = await serverMessages({ [countId]: '{count, plural, one {# product} other {# products}}', 'x.body': 'a <b>bold</b> move' });
    expect(messages['x.body']).toBe('a <b>bold</b> move');
    expect(messageText(messages['x.body'])).toBe('a <b>bold</b> move');
    const intl = createIntl({ locale: 'en', messages: providerMessages(messages), onError: (e) => { throw e; } });
    expect(intl.formatMessage({ id: countId }, { count: 2 })).toBe('2 products');
  });
});
