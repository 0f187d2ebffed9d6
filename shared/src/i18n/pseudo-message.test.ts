import type { MessageFormatElement } from 'react-intl';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { providerMessages } from './message';
import { pseudoMessage, pseudoMessages, pseudoServerText } from './pseudo-message';

describe('pseudoMessage', () => {
  it('accents and brackets a plain text', () => {
    expect(pseudoMessage('In stock')).toBe('[Īƞ şŧǿƈķ]');
  });

  it('keeps arguments, plural keys, # and tag names of an ICU text', () => {
    const text = pseudoMessage('You have {count, plural, one {# line} other {# lines}} in <b>your cart</b> ({total, number})');
    const intl = createIntl({ locale: 'en-XA', messages: providerMessages({ m: text }) });
    expect(intl.formatMessage({ id: 'm' }, { count: 2, total: 5, b: (chunks) => `*${chunks.join('')}*` })).toBe(
      '[Ẏǿŭ ħȧṽḗ 2 ŀīƞḗş īƞ *ẏǿŭř ƈȧřŧ* (5)]',
    );
  });

  it('gives a compiled message (production builds) the same look, still compiled', () => {
    // What the build's loader compiles '{count, plural, one {# day} other {# days}} left' to.
    const ast = [
      { type: 6, value: 'count', offset: 0, pluralType: 'cardinal', options: { one: { value: [{ type: 7 }, { type: 0, value: ' day' }] }, other: { value: [{ type: 7 }, { type: 0, value: ' days' }] } } },
      { type: 0, value: ' left' },
    ] as MessageFormatElement[];
    const compiled = pseudoMessages({ m: ast });
    const intl = createIntl({ locale: 'en-XA', messages: providerMessages(compiled) });
    expect(Array.isArray(compiled.m)).toBe(true);
    expect(intl.formatMessage({ id: 'm' }, { count: 1 })).toBe('[1 ḓȧẏ ŀḗƒŧ]');
  });
});

describe('pseudoServerText', () => {
  it('accents a Markdown body but keeps its headings, link targets and addresses', () => {
    expect(pseudoServerText('# Returns\n\nSee [our terms](/en/general-policy) or https://example.com/a.')).toBe(
      '# Řḗŧŭřƞş\n\nŞḗḗ [ǿŭř ŧḗřḿş](/en/general-policy) ǿř https://example.com/a.',
    );
  });

  it('brackets a one-line text, like a message', () => {
    expect(pseudoServerText('Frequently asked questions')).toBe('[Ƒřḗɋŭḗƞŧŀẏ ȧşķḗḓ ɋŭḗşŧīǿƞş]');
  });
});
