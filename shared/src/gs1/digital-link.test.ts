// GS1 Digital Link URIs: the examples of the GS1 Digital Link URI Syntax standard and the parsing
// cases of GS1's Syntax Engine test suite (github.com/gs1/gs1-syntax-engine, src/c-lib/dl.c,
// "Examples from DL specification" and the cases above them), read back as element strings.
import { describe, expect, it } from 'vitest';
import { GS1_ERRORS } from './errors';
import { parseGs1 } from './parse';

const GS = '\u001d';
const elementString = (uri: string) => {
  const parsed = parseGs1(uri);
  return parsed.ok ? parsed.elementString : parsed.error.code;
};

describe('parseGs1: GS1 Digital Link', () => {
  it.each([
    ['https://id.gs1.org/01/09520123456788', '0109520123456788'],
    ['https://id.gs1.org/01/09520123456788/22/2A', '0109520123456788222A'],
    ['https://id.gs1.org/01/09520123456788/10/ABC123', '010952012345678810ABC123'],
    ['https://id.gs1.org/01/09520123456788/21/12345', '01095201234567882112345'],
    ['https://id.gs1.org/01/09520123456788/10/ABC1/21/12345?17=180426', `010952012345678810ABC1${GS}2112345${GS}17180426`],
    ['https://id.gs1.org/01/09520123456788?3103=000195', '01095201234567883103000195'],
    ['https://example.com/01/09520123456788?3103=000195&3922=0299&17=201225', `0109520123456788310300019539220299${GS}17201225`],
    ['https://brand.example.com/some-extra/pathinfo/01/9520123456788', '0109520123456788'],
  ])('the DL standard example %s', (uri, expected) => {
    expect(elementString(uri)).toBe(expected);
  });

  it.each([
    ['HTTP://a/00/106141411234567897', '00106141411234567897'],
    ['https://a/stem/00/106141411234567897', '00106141411234567897'],
    ['https://a/00/faux/00/106141411234567897', '00106141411234567897'],
    ['https://a/01/12312312312333/22/TEST/10/ABC/21/XYZ', `011231231231233322TEST${GS}10ABC${GS}21XYZ`],
    ['https://a/01/12312312312333/235/TEST', '0112312312312333235TEST'],
    ['https://a/01/12312312312333/22/ABC%2d123?99=ABC&98=XYZ%2f987', `011231231231233322ABC-123${GS}99ABC${GS}98XYZ/987`],
    ['https://a/01/12312312312333/22/ABC+123?99=ABC', `011231231231233322ABC+123${GS}99ABC`],
    ['https://a/01/12312312312333?&&&99=ABC&&&unknown=666&singleton&98=XYZ#fragment', `011231231231233399ABC${GS}98XYZ`],
  ])('the Syntax Engine case %s', (uri, expected) => {
    expect(elementString(uri)).toBe(expected);
  });

  it.each([
    ['HtTp://a/01/12312312312333', GS1_ERRORS.digitalLinkInvalid],
    ['https://a/b', GS1_ERRORS.digitalLinkInvalid],
    ['https://a/stem/00/106141411234567897/', GS1_ERRORS.digitalLinkInvalid],
    ['https://a/01/12312312312333<bad', GS1_ERRORS.digitalLinkInvalid],
    ['https://a/01/12312312312333?99=', GS1_ERRORS.valueTooShort],
    ['https://a/01/12312312312333?99=ABC&999=faux', GS1_ERRORS.unknownAi],
    ['https://a/01/12312312312333/22/ABC?98=XYZ+987', GS1_ERRORS.invalidCharacter],
    ['https://a/253/1231231231232TEST56789012345678', GS1_ERRORS.valueTooLong],
  ])('the Syntax Engine refusal %s', (uri, code) => {
    expect(elementString(uri)).toBe(code);
  });

  it('percent-decodes once: a correctly escaped %22 and %2F in a lot are a quote and a slash', () => {
    expect(parseGs1('https://id.gs1.org/01/09506000134352/10/ABC%2F1?17=261231')).toMatchObject({
      ok: true,
      source: 'digital-link',
      gtin: '09506000134352',
      lot: 'ABC/1',
      expiry: '2026-12-31',
    });
    expect(parseGs1('https://example.com/01/09506000134352/10/AB%22C')).toMatchObject({ ok: true, lot: 'AB"C' });
    expect(parseGs1('https://example.com/01/09506000134352/10/AB%2522C')).toMatchObject({ ok: true, lot: 'AB%22C' });
    expect(elementString('https://example.com/01/09506000134352/10/AB"C')).toBe(GS1_ERRORS.digitalLinkInvalid);
    expect(elementString('https://example.com/01/09506000134352/10/AB%E9C')).toBe(GS1_ERRORS.digitalLinkEscape);
    expect(elementString('https://example.com/01/09506000134352/10/AB%C3%A9C')).toBe(GS1_ERRORS.invalidCharacter);
  });

  it('checks the dictionary on top of the URI: check digit, dates, lengths, req= and attributes', () => {
    expect(elementString('https://id.gs1.org/01/09506000134353')).toBe(GS1_ERRORS.checkDigit);
    expect(elementString('https://example.com/01/09506000134352/10/ABC?17=260230')).toBe(GS1_ERRORS.invalidDate);
    expect(elementString(`https://example.com/01/09506000134352/10/${'A'.repeat(21)}`)).toBe(GS1_ERRORS.valueTooLong);
    expect(elementString('https://example.com/01/09506000134352?17=261231&17=261230')).toBe(GS1_ERRORS.duplicateAi);
    expect(elementString('https://example.com/00/106141411234567897?21=X')).toBe(GS1_ERRORS.digitalLinkAttribute);
    expect(elementString('https://example.com/01/09506000134352/10/A/22/B')).toBe(GS1_ERRORS.digitalLinkQualifiers);
    // A key qualifier in the query (GS1's engine: "AI (10) from query params should be in the path info").
    expect(elementString('https://example.com/01/09506000134352?10=ABC')).toBe(GS1_ERRORS.digitalLinkAttribute);
    expect(elementString('https://example.com/8018/123456789012345675?3103=000195')).toBe(GS1_ERRORS.requiredAiMissing);
  });

  it('takes a DL behind a QR symbology prefix', () => {
    expect(parseGs1(']Q1https://id.gs1.org/01/09506000134352')).toMatchObject({ ok: true, symbology: ']Q1', gtin: '09506000134352' });
  });
});
