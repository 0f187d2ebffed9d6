// The form of a VAT number per member state (vat-number.ts): what decides whether a business abroad
// gets an intra-community supply (K). Each pattern is anchored, so a number with a character too
// many or too few, or another state's prefix, is not plausible.
import { describe, expect, it } from 'vitest';
import { isEuMemberState, isPlausibleVatNumber } from './vat-number';

const MEMBER_STATES = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');

describe('member states', () => {
  it('are the 27 of the EU, in either case, and no other country', () => {
    for (const country of MEMBER_STATES) expect(isEuMemberState(country), country).toBe(true);
    expect(isEuMemberState('nl')).toBe(true);
    for (const country of ['CH', 'GB', 'NO', 'EL', '']) expect(isEuMemberState(country), country).toBe(false);
  });
});

describe('a plausible VAT number', () => {
  it("has its member state's form, whatever the spaces, dots and case", () => {
    expect(isPlausibleVatNumber('BE 0403.170.701', 'BE')).toBe(true);
    expect(isPlausibleVatNumber('nl812345678b01', 'nl')).toBe(true);
    expect(isPlausibleVatNumber('FR40303265045', 'FR')).toBe(true);
    expect(isPlausibleVatNumber('DE123456789', 'DE')).toBe(true);
    expect(isPlausibleVatNumber('LU12345678', 'LU')).toBe(true);
    // Greece's numbers carry EL, not its ISO code.
    expect(isPlausibleVatNumber('EL123456789', 'GR')).toBe(true);
    expect(isPlausibleVatNumber('GR123456789', 'GR')).toBe(false);
    // The other member states by a loose form: 8 to 12 letters and digits.
    expect(isPlausibleVatNumber('ATU12345678', 'AT')).toBe(true);
  });

  it('is refused with a character too many or too few, at either end', () => {
    for (const [number, country] of [
      ['NLX812345678B01', 'NL'], ['NL812345678B012', 'NL'], ['NL123456789', 'NL'],
      ['FRX40303265045', 'FR'], ['FR40303265045X', 'FR'],
      ['DE1234567890', 'DE'], ['DE12345678', 'DE'], ['DEX123456789', 'DE'], ['DEABCDEFGHI', 'DE'],
      ['LU123456789', 'LU'], ['LU1234567', 'LU'], ['LUX12345678', 'LU'], ['LUABCDEFGH', 'LU'],
      ['AT1234567', 'AT'], ['AT1234567890123', 'AT'], ['AT/U12345678', 'AT'], ['ATU12345678/', 'AT'],
    ]) {
      expect(isPlausibleVatNumber(number!, country!), number).toBe(false);
    }
  });

  it("is refused under another member state's prefix, or without a number", () => {
    expect(isPlausibleVatNumber('NL123456789', 'DE')).toBe(false);
    expect(isPlausibleVatNumber(null, 'NL')).toBe(false);
    expect(isPlausibleVatNumber('', 'NL')).toBe(false);
  });

  it("checks a Belgian number's mod-97 check digits", () => {
    expect(isPlausibleVatNumber('BE0403170701', 'BE')).toBe(true);
    expect(isPlausibleVatNumber('BE0403170702', 'BE')).toBe(false);
    expect(isPlausibleVatNumber('BE2403170701', 'BE')).toBe(false);
    // A character more at either end, even where the check would still hold on the first ten digits.
    expect(isPlausibleVatNumber('BEX0403170701', 'BE')).toBe(false);
    expect(isPlausibleVatNumber('BE04031707001', 'BE')).toBe(false);
  });
});
