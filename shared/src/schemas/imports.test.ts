import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ProductRecordSchema, StockRecordSchema } from './imports';
import { gtinCheckDigitOk } from './gtin';

describe('import records', () => {
  it('checks the GS1 check digit of GTIN-8, -12, -13 and -14', () => {
    for (const ok of ['73513537', '012345678905', '4006381333931', '5410000000019', '10012345678902']) expect(gtinCheckDigitOk(ok), ok).toBe(true);
    for (const bad of ['73513538', '012345678904', '4006381333932', '5410000000018', '10012345678903']) expect(gtinCheckDigitOk(bad), bad).toBe(false);
  });

  it('stores an NSN with its dashes and refuses unknown fields, units and overflowing versions', () => {
    const base = { article_code: 'A-1', version: 1, translations: { en: { name: 'a' }, nl: { name: 'b' }, fr: { name: 'c' } }, brand: 'B', category: 'gloves', price_cents: 1 };
    expect(v.parse(ProductRecordSchema, { ...base, nsn: '6545015323674' }).nsn).toBe('6545-01-532-3674');
    expect(v.safeParse(ProductRecordSchema, { ...base, extra: 1 }).success).toBe(false);
    expect(v.safeParse(ProductRecordSchema, { ...base, unit: 'barrel' }).success).toBe(false);
    expect(v.safeParse(ProductRecordSchema, { ...base, version: 2 ** 53 }).success).toBe(false);
    expect(v.safeParse(StockRecordSchema, { article_code: 'A-1', level: 1, delta: 1, version: 1 }).success).toBe(false);
  });
});

describe("a product's medical-device facts (decision 070)", () => {
  const base = { article_code: 'IMP-1', version: 1, translations: { en: { name: 'a' }, nl: { name: 'b' }, fr: { name: 'c' } }, brand: 'B', category: 'implants', price_cents: 1 };
  it('takes a class, the flags and a UDI-DI that is a GTIN-14 with its check digit', () => {
    const parsed = v.parse(ProductRecordSchema, { ...base, mdr_class: 'III', implantable: true, single_use: true, udi_di: '10012345678902' });
    expect([parsed.mdr_class, parsed.implantable, parsed.single_use, parsed.udi_di]).toEqual(['III', true, true, '10012345678902']);
    expect(v.parse(ProductRecordSchema, base)).toMatchObject({ mdr_class: null, implantable: false, single_use: false, udi_di: null });
  });
  it('refuses an unknown class, a UDI-DI with a wrong check digit or length, and device facts without a class', () => {
    expect(v.safeParse(ProductRecordSchema, { ...base, mdr_class: 'IIc' }).success).toBe(false);
    expect(v.safeParse(ProductRecordSchema, { ...base, mdr_class: 'IIa', udi_di: '10012345678903' }).success).toBe(false);
    expect(v.safeParse(ProductRecordSchema, { ...base, mdr_class: 'IIa', udi_di: '4006381333931' }).success).toBe(false);
    const classless = v.safeParse(ProductRecordSchema, { ...base, implantable: true });
    expect(classless.success).toBe(false);
    expect(classless.issues?.[0]?.path?.map((p) => p.key)).toEqual(['mdr_class']);
  });
});
