// The delivery note's element string, read back by the same parser.
import { describe, expect, it } from 'vitest';
import { buildGs1ElementString } from './build';
import { GS1_ERRORS } from './errors';
import { parseGs1 } from './parse';

const GS = '\u001d';

describe('buildGs1ElementString', () => {
  it('puts fixed-length AIs first and GS between the variable ones, ]d2 on request', () => {
    const built = buildGs1ElementString({ gtin: '9506000134352', lot: 'LOT/7', serial: 'S1', expiry: '2027-02-28' }, { symbologyPrefix: true });
    expect(built).toEqual({
      ok: true,
      elementString: `]d20109506000134352172702281` + `0LOT/7${GS}21S1`,
      bracketed: '(01)09506000134352(17)270228(10)LOT/7(21)S1',
    });
  });

  it('is read back by parseGs1 as the same fields', () => {
    const built = buildGs1ElementString({ gtin: '09506000134352', lot: 'A"(1)', serial: '0042', expiry: '2026-12-31' });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(parseGs1(built.elementString)).toMatchObject({ ok: true, gtin: '09506000134352', lot: 'A"(1)', serial: '0042', expiry: '2026-12-31' });
    expect(parseGs1(built.bracketed)).toMatchObject({ ok: true, lot: 'A"(1)' });
  });

  it('refuses what the dictionary refuses, with the parser codes', () => {
    expect(buildGs1ElementString({ gtin: '09506000134353' })).toMatchObject({ ok: false, error: { code: GS1_ERRORS.checkDigit } });
    expect(buildGs1ElementString({ gtin: '09506000134352', lot: 'X'.repeat(21) })).toMatchObject({ ok: false, error: { code: GS1_ERRORS.valueTooLong, ai: '10' } });
    expect(buildGs1ElementString({ gtin: '09506000134352', expiry: '2026-02-30' })).toMatchObject({ ok: false, error: { code: GS1_ERRORS.invalidDate, ai: '17' } });
    expect(buildGs1ElementString({ gtin: '09506000134352', serial: 'é' })).toMatchObject({ ok: false, error: { code: GS1_ERRORS.invalidCharacter, ai: '21' } });
  });
});
