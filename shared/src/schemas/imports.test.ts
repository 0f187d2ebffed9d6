import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ProductRecordSchema, StockRecordSchema, gtinCheckDigitOk } from './imports';

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
