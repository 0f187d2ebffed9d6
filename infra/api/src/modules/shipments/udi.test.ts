// The UDI element strings the delivery note, the Despatch Advice and the UDI export write (decision
// 070), built and read back by the one GS1 parser (decision 069).
import { describe, expect, it } from 'vitest';
import { GS, parseGs1 } from '@portal/shared/gs1';
import { udiDiOf } from '@portal/shared/schemas';
import { udiElementString } from './udi';

describe('UDI element strings', () => {
  it('writes (01) as 14 digits, then the expiry (17) as YYMMDD, the lot (10) and the serial (21), and the parser reads them back', () => {
    const parts = { gtin: '4006381333931', lot: 'L2403', expiryOn: '2028-03-31', serial: 'SN-1' };
    expect(udiElementString(parts)).toBe('(01)04006381333931(17)280331(10)L2403(21)SN-1');
    // Raw, as a scanner delivers it: a separator only after the variable-length lot followed by another AI.
    expect(udiElementString(parts, 'raw')).toBe(`010400638133393117280331` + `10L2403${GS}21SN-1`);
    expect(parseGs1(udiElementString(parts, 'raw'))).toMatchObject({ ok: true, gtin: '04006381333931', lot: 'L2403', serial: 'SN-1', expiry: '2028-03-31' });
    expect(udiElementString({ gtin: '10012345678902', lot: 'A1' }, 'raw')).toBe('011001234567890210A1');
    expect(udiElementString({ gtin: '10012345678902' })).toBe('(01)10012345678902');
  });

  it('refuses what GS1 cannot carry: a wrong check digit, a lot outside set 82 or over 20 characters', () => {
    expect(() => udiElementString({ gtin: '4006381333932' })).toThrow(/GS1_CHECK_DIGIT/);
    expect(() => udiElementString({ gtin: '4006381333931', lot: 'LOT 1' })).toThrow(RangeError);
    expect(() => udiElementString({ gtin: '4006381333931', serial: 'x'.repeat(21) })).toThrow(/GS1_VALUE_TOO_LONG/);
  });

  it("takes a device's own UDI-DI, else its GTIN as 14 digits", () => {
    expect(udiDiOf({ udiDi: '10012345678902', gtin: '4006381333931' })).toBe('10012345678902');
    expect(udiDiOf({ udiDi: null, gtin: '4006381333931' })).toBe('04006381333931');
    expect(udiDiOf({ udiDi: null, gtin: null })).toBeNull();
  });
});
