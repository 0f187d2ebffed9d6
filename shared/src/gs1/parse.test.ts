// Element strings as scanners and people send them: separators, symbology prefixes, wedge remaps,
// bracketed text, bare GTINs, and the malformed strings issue 42 names.
import { describe, expect, it } from 'vitest';
import { GS1_ERRORS } from './errors';
import { parseGs1 } from './parse';
import { GS1_MAX_INPUT_LENGTH, GS_REMAPS } from './scan-input';

const GS = '\u001d';
// GS1's own example GTIN (GS1 Digital Link standard, GS1 General Specifications' examples).
const GTIN = '09506000134352';
const refused = (input: string, code: string, ai?: string) =>
  expect(parseGs1(input)).toMatchObject({ ok: false, error: { code, ...(ai ? { ai } : {}) } });

describe('parseGs1: element strings', () => {
  it('reads a GS1 DataMatrix with GS between variable AIs and names the fields the portal uses', () => {
    const parsed = parseGs1(`]d201${GTIN}17261231` + `10LOT-42${GS}21SN0001`);
    expect(parsed).toEqual({
      ok: true,
      source: 'element-string',
      symbology: ']d2',
      elements: [
        { ai: '01', value: GTIN, title: 'GTIN' },
        { ai: '17', value: '261231', title: 'USE BY or EXPIRY' },
        { ai: '10', value: 'LOT-42', title: 'BATCH/LOT' },
        { ai: '21', value: 'SN0001', title: 'SERIAL' },
      ],
      gtin: GTIN,
      lot: 'LOT-42',
      serial: 'SN0001',
      expiry: '2026-12-31',
      elementString: `01${GTIN}1726123110LOT-42${GS}21SN0001`,
      bracketed: `(01)${GTIN}(17)261231(10)LOT-42(21)SN0001`,
    });
  });

  it.each([']d2', ']C1', ']Q3', ']e0', ']J1', ''])('reads the symbology prefix %s', (prefix) => {
    expect(parseGs1(`${prefix}01${GTIN}10ABC`)).toMatchObject({ ok: true, gtin: GTIN, lot: 'ABC' });
  });

  it('takes a leading GS (FNC1 in first position) and a trailing Enter as noise', () => {
    expect(parseGs1(`${GS}01${GTIN}10ABC${GS}\r\n`)).toMatchObject({ ok: true, lot: 'ABC' });
  });

  it.each(GS_REMAPS.map((remap) => [remap]))('reads the wedge remap %j as GS', (remap) => {
    expect(parseGs1(`01${GTIN}10ABC${remap}21XYZ`)).toMatchObject({ ok: true, lot: 'ABC', serial: 'XYZ' });
  });

  it('reads the bracketed human-readable form, with \\( for a literal bracket', () => {
    expect(parseGs1(`(01)${GTIN}(10)A\\(1)(17)260200`)).toMatchObject({
      ok: true,
      source: 'bracketed',
      lot: 'A(1)',
      expiry: '2026-02-28',
    });
    refused(`(01${GTIN}`, GS1_ERRORS.bracketedSyntax);
    refused(`(01)${GTIN}(10)`, GS1_ERRORS.valueTooShort, '10');
  });

  it.each([
    ['GTIN-14', GTIN, GTIN],
    ['GTIN-13', '9506000134352', GTIN],
    ['GTIN-12 (UPC-A)', '614141000036', '00614141000036'],
    ['GTIN-8', '40170725', '00000040170725'],
    ['EAN-13 with its symbology prefix', ']E09506000134352', GTIN],
  ])('reads a %s typed or scanned alone', (_, input, gtin) => {
    expect(parseGs1(input)).toMatchObject({ ok: true, source: 'gtin', gtin });
  });

  it('reads an SSCC with its logistic AIs', () => {
    expect(parseGs1('00106141411234567897' + `02${GTIN}37${'12'}`)).toMatchObject({ ok: true, sscc: '106141411234567897' });
  });

  it('keeps a repeated AI with the same value once', () => {
    expect(parseGs1(`01${GTIN}10ABC${GS}01${GTIN}`)).toMatchObject({ ok: true, elements: [{ ai: '01' }, { ai: '10' }] });
  });
});

describe('parseGs1: refused, with a stable code', () => {
  it('a wrong GTIN check digit, alone and in an element string', () => {
    refused('09506000134353', GS1_ERRORS.checkDigit, '01');
    refused(`0109506000134353${'10ABC'}`, GS1_ERRORS.checkDigit, '01');
  });

  it('February 30, and day 00 where the AI does not allow it; day 00 is the end of the month where it does', () => {
    refused(`01${GTIN}17260230`, GS1_ERRORS.invalidDate, '17');
    refused(`01${GTIN}17261301`, GS1_ERRORS.invalidDate, '17');
    expect(parseGs1(`01${GTIN}17280200`)).toMatchObject({ ok: true, expiry: '2028-02-29' });
    expect(parseGs1(`01${GTIN}17260200`)).toMatchObject({ ok: true, expiry: '2026-02-28' });
    // AI 7006 (first freeze date) is yymmdd: day 00 is not a date there.
    refused(`01${GTIN}7006260200`, GS1_ERRORS.invalidDate, '7006');
  });

  it('a lot longer than 20 characters, or with a character outside CSET 82', () => {
    refused(`01${GTIN}10${'A'.repeat(21)}`, GS1_ERRORS.valueTooLong, '10');
    refused(`01${GTIN}10AB\u00e9C`, GS1_ERRORS.invalidCharacter, '10');
    refused(`01${GTIN}10AB C`, GS1_ERRORS.invalidCharacter, '10');
  });

  it('a missing separator between two variable AIs: ambiguous, not guessed', () => {
    refused(`01${GTIN}10ABC21XYZ`, GS1_ERRORS.ambiguousSeparator, '10');
    refused(`]d201${GTIN}10LOT1234567890121SERIAL`, GS1_ERRORS.ambiguousSeparator, '10');
    // With the separator anywhere, or told the separators are trusted, the string is read as GS1 says.
    expect(parseGs1(`01${GTIN}10ABC21XYZ`, { separators: 'trusted' })).toMatchObject({ ok: true, lot: 'ABC21XYZ' });
    // A last value with no other valid reading is not ambiguous.
    expect(parseGs1(`01${GTIN}10ABC-1`)).toMatchObject({ ok: true, lot: 'ABC-1' });
  });

  it('an AI the dictionary does not know', () => {
    refused(`01${GTIN}23123`, GS1_ERRORS.unknownAi);
    refused(`(01)${GTIN}(23)123`, GS1_ERRORS.unknownAi, '23');
  });

  it('the same AI twice with different values', () => {
    refused(`01${GTIN}10ABC${GS}10ABD`, GS1_ERRORS.duplicateAi, '10');
  });

  it('req=: an expiry or a lot without a GTIN; a serial needs 01, 03 or 8006', () => {
    refused('1726123110ABC', GS1_ERRORS.requiredAiMissing, '17');
    refused('(10)ABC', GS1_ERRORS.requiredAiMissing, '10');
    refused(`(00)106141411234567897(02)${GTIN}(37)5(21)X`, GS1_ERRORS.requiredAiMissing, '21');
  });

  it('ex=: 01 beside 02, two net weights', () => {
    refused(`(01)${GTIN}(02)${GTIN}(37)5`, GS1_ERRORS.exclusiveAis);
    refused(`(01)${GTIN}(3102)001250(3103)000125`, GS1_ERRORS.exclusiveAis);
  });

  it(`input past ${GS1_MAX_INPUT_LENGTH} characters, before any parsing`, () => {
    refused(`01${GTIN}10${'A'.repeat(300)}`, GS1_ERRORS.tooLong);
    refused('1'.repeat(300), GS1_ERRORS.tooLong);
    refused(`https://id.gs1.org/01/${GTIN}?${'99=A&'.repeat(60)}`, GS1_ERRORS.tooLong);
  });

  it('anything else: never a throw', () => {
    refused('', GS1_ERRORS.empty);
    refused('   ', GS1_ERRORS.empty);
    refused('hello', GS1_ERRORS.notGs1);
    refused(']d1HELLO', GS1_ERRORS.notGs1);
    refused('0', GS1_ERRORS.notGs1);
    refused(`]d201${GTIN.slice(0, 10)}`, GS1_ERRORS.valueTooShort, '01');
    for (const junk of ['(', ')', '((01))', ']', ']d2', '%', '\u001d\u001d', '01\u001d', '🙂', 'https://', 'https://a/01/%']) {
      expect(() => parseGs1(junk), junk).not.toThrow();
      expect(parseGs1(junk).ok, junk).toBe(false);
    }
  });

  it('a value full of near-AIs is refused by length, each reading checked once (no backtracking regex)', () => {
    refused(`01${GTIN}10${'21'.repeat(100)}`, GS1_ERRORS.valueTooLong, '10');
    refused(`01${GTIN}10${'21'.repeat(9)}`, GS1_ERRORS.ambiguousSeparator, '10');
  });
});
