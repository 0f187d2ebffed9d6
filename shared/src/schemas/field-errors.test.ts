import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { messageKeyOf, toFieldErrors } from './field-errors';
import { MESSAGE_KEYS } from './messages';
import { errorsOf } from './test-helpers';

describe('toFieldErrors', () => {
  it('gives dotted paths, message keys and count values', () => {
    const schema = v.object({
      address: v.object({ city: v.pipe(v.string(), v.maxLength(3, MESSAGE_KEYS.tooBigString)) }),
      tags: v.pipe(v.array(v.string()), v.minLength(2, MESSAGE_KEYS.tooSmallArray)),
    });
    expect(errorsOf(schema, { address: { city: 'Gent' }, tags: ['a'] })).toEqual([
      { path: 'address.city', message: 'validation.tooBig.string', values: { count: 3 } },
      { path: 'tags', message: 'validation.tooSmall.array', values: { count: 2 } },
    ]);
  });

  it('turns a string under a minimum of 1 into the required message, whatever message it had', () => {
    expect(errorsOf(v.object({ a: v.pipe(v.string(), v.minLength(1, 'anything')) }), { a: '' })).toEqual([
      { path: 'a', message: 'validation.required' },
    ]);
  });

  it('maps valibot defaults (English texts) to keys, so no English reaches a field', () => {
    const schema = v.object({
      missing: v.string(),
      email: v.pipe(v.string(), v.email()),
      url: v.pipe(v.string(), v.url()),
      uuid: v.pipe(v.string(), v.uuid()),
      code: v.pipe(v.string(), v.regex(/^\d+$/)),
      day: v.pipe(v.string(), v.isoDate()),
      at: v.pipe(v.string(), v.isoTimestamp()),
      n: v.pipe(v.number(), v.maxValue(10)),
      m: v.pipe(v.number(), v.minValue(5)),
      s: v.pipe(v.string(), v.minLength(3)),
      list: v.pipe(v.array(v.number()), v.maxLength(1)),
      when: v.pipe(v.date(), v.maxValue(new Date(0))),
      kind: v.picklist(['a', 'b']),
    });
    const errors = errorsOf(schema, {
      email: 'x',
      url: 'x',
      uuid: 'x',
      code: 'x',
      day: 'x',
      at: 'x',
      n: 11,
      m: 1,
      s: 'ab',
      list: [1, 2],
      when: new Date(5),
      kind: 'c',
    });
    expect(Object.fromEntries(errors.map((e) => [e.path, [e.message, e.values?.count]]))).toEqual({
      missing: ['validation.required', undefined],
      email: ['validation.invalid.email', undefined],
      url: ['validation.invalid.url', undefined],
      uuid: ['validation.invalid.uuid', undefined],
      code: ['validation.invalid.regex', undefined],
      day: ['validation.invalid.date', undefined],
      at: ['validation.invalid.datetime', undefined],
      n: ['validation.tooBig.number', 10],
      m: ['validation.tooSmall.number', 5],
      s: ['validation.tooSmall.string', 3],
      list: ['validation.tooBig.array', 1],
      when: ['validation.tooBig.date', 0],
      kind: ['validation.invalid.value', undefined],
    });
  });

  it('keeps an explicit key and carries the limit of "You can add maximum {count}"', () => {
    const errors = errorsOf(v.object({ q: v.pipe(v.number(), v.maxValue(4, MESSAGE_KEYS.maximumAllowed)) }), { q: 9 });
    expect(errors).toEqual([{ path: 'q', message: 'quantity.maximumAllowed', values: { count: 4 } }]);
  });

  it('reports a field a strict object does not know', () => {
    expect(errorsOf(v.strictObject({ a: v.string() }), { a: 'x', admin: true })).toEqual([
      { path: 'admin', message: 'validation.unknownField' },
    ]);
  });

  it('uses an empty path for a root issue', () => {
    const result = v.safeParse(v.string(), 1);
    expect(result.success).toBe(false);
    if (!result.success) expect(toFieldErrors(result.issues)).toEqual([{ path: '', message: 'validation.invalid.text' }]);
  });

  it('messageKeyOf returns only known keys', () => {
    const result = v.safeParse(v.pipe(v.string(), v.check(() => false, 'Some English text')), 'x');
    expect(result.success).toBe(false);
    if (!result.success) expect(messageKeyOf(result.issues[0])).toBe('validation.invalid.value');
  });
});

describe('required versus a specific message', () => {
  it('keeps a specific key on an empty string but maps the generic size key to required', () => {
    const schema = v.object({
      shipping: v.pipe(v.string(), v.nonEmpty(MESSAGE_KEYS.shippingMethodRequired)),
      name: v.pipe(v.string(), v.minLength(1, MESSAGE_KEYS.tooSmallString)),
    });
    expect(errorsOf(schema, { shipping: '', name: '' })).toEqual([
      { path: 'shipping', message: 'checkout.shippingMethodRequired' },
      { path: 'name', message: 'validation.required' },
    ]);
  });
});
