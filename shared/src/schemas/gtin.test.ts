import { describe, expect, it } from 'vitest';
import { gtin14, gtinForms } from './gtin';

describe('GTIN forms', () => {
  it('pads to the 14 digits of AI (01)', () => {
    expect(gtin14('5400000000016')).toBe('05400000000016');
    expect(gtin14('73513537')).toBe('00000073513537');
  });

  it('names every stored form of the same GTIN, and only those', () => {
    expect(gtinForms('05400000000016')).toEqual(['05400000000016', '5400000000016']);
    expect(gtinForms('5400000000016')).toEqual(['05400000000016', '5400000000016']);
    expect(gtinForms('00012345678905')).toEqual(['00012345678905', '0012345678905', '012345678905']);
    expect(gtinForms('00000073513537')).toEqual(['00000073513537', '0000073513537', '000073513537', '73513537']);
    expect(gtinForms('10012345678902')).toEqual(['10012345678902']);
  });
});
