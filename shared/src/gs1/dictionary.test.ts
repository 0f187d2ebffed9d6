// Every entry of GS1's syntax dictionary (../shared/conformance/gs1/): a valid value accepted in
// each form, an over-long one and one with a wrong character refused (decision 069).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build script without types
import { DICTIONARY, generate, OUTPUT, parseDictionary } from '../../scripts/gs1-table.mjs';
import { AI_ROWS } from './ai-table.generated';
import { GS1_ERRORS } from './errors';
import { parseGs1 } from './parse';
import { allAis, aiRow } from './table';
import { completeMessage, overLongValue, sampleValue, wrongCharacter } from './test-samples';

const ais = allAis();
const bracketed = (pairs: [string, string][]) => pairs.map(([ai, v]) => `(${ai})${v.replaceAll('(', '\\(')}`).join('');

function messageWith(ai: string, value: string): [string, string][] {
  const others = completeMessage([ai])!.filter((x) => x !== ai);
  return [[ai, value], ...others.map((x): [string, string] => [x, sampleValue(aiRow(x)!)])];
}

describe('GS1 syntax dictionary', () => {
  it('is what the generator makes from the dictionary file (run it after the dictionary changes)', () => {
    expect(readFileSync(OUTPUT, 'utf8')).toBe(generate());
  });

  it('has every AI of the dictionary file in the table, ranges spelled out', () => {
    const rows = parseDictionary(readFileSync(DICTIONARY, 'utf8')) as { ai: string; to: string }[];
    expect(AI_ROWS.length).toBe(rows.length);
    const expected = rows.reduce((n, r) => n + Number(r.to) - Number(r.ai) + 1, 0);
    expect(ais.length).toBe(expected);
    expect(ais).toEqual(expect.arrayContaining(['00', '01', '10', '17', '21', '3103', '8030', '99']));
  });

  it.each(ais)('AI %s: a valid value is accepted, bracketed and as an element string', (ai) => {
    const row = aiRow(ai)!;
    const pairs = messageWith(ai, sampleValue(row));
    const parsed = parseGs1(bracketed(pairs));
    expect(parsed).toMatchObject({ ok: true });
    if (!parsed.ok) return;
    expect(parsed.elements.find((e) => e.ai === ai)).toEqual({ ai, value: pairs[0]![1], title: row.title });
    const again = parseGs1(parsed.elementString, { separators: 'trusted' });
    expect(again.ok && again.elements).toEqual(parsed.elements);
  });

  it.each(ais)('AI %s: one character too many is refused', (ai) => {
    const parsed = parseGs1(bracketed(messageWith(ai, overLongValue(aiRow(ai)!))));
    expect(parsed).toMatchObject({ ok: false, error: { code: GS1_ERRORS.valueTooLong, ai } });
  });

  it.each(ais)('AI %s: a character outside its set is refused', (ai) => {
    const row = aiRow(ai)!;
    const value = wrongCharacter(row) + sampleValue(row).slice(1);
    const parsed = parseGs1(bracketed(messageWith(ai, value)));
    expect(parsed).toMatchObject({ ok: false, error: { code: GS1_ERRORS.invalidCharacter, ai } });
  });

  it.each(ais.filter((ai) => aiRow(ai)!.req.length > 0))('AI %s alone is refused for what it requires', (ai) => {
    const parsed = parseGs1(bracketed([[ai, sampleValue(aiRow(ai)!)]]));
    expect(parsed).toMatchObject({ ok: false, error: { code: GS1_ERRORS.requiredAiMissing, ai } });
  });
});
