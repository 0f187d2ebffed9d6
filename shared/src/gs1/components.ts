// One AI's value against its dictionary format: component lengths first (as GS1's engine reports
// them), then character sets, then the linters the dictionary names.
import type { AiComponent, AiRow } from './ai-row';
import { fail, GS1_ERRORS } from './errors';
import { LINTERS } from './linters';

const CHARSETS = {
  N: /^[0-9]*$/,
  // CSET 82 (GS1 General Specifications 7.11, figure 7.11-1).
  X: /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/,
  // CSET 39.
  Y: /^[#\-/0-9A-Z]*$/,
  // CSET 64: the base64url alphabet, with `=` padding at the end only.
  Z: /^[-0-9A-Z_a-z]*={0,2}$/,
} as const;

/** The value cut into its components, or a failure for a length the format does not allow. */
function cut(ai: string, row: AiRow, value: string, position?: number): [AiComponent, string, number][] {
  const parts: [AiComponent, string, number][] = [];
  let at = 0;
  for (const component of row.spec) {
    const [, min, max, optional] = component;
    const rest = value.length - at;
    if (rest === 0 && optional) break;
    if (rest < Math.max(min, 1)) fail(GS1_ERRORS.valueTooShort, { ai, position, detail: `${value.length} characters` });
    const take = Math.min(rest, max);
    parts.push([component, value.slice(at, at + take), at]);
    at += take;
  }
  if (at < value.length) fail(GS1_ERRORS.valueTooLong, { ai, position, detail: `${value.length} characters` });
  return parts;
}

/** Refuses the value of `ai` (as a Gs1Failure) unless it fits every component of the dictionary. */
export function checkValue(ai: string, row: AiRow, value: string, position?: number): void {
  const parts = cut(ai, row, value, position);
  for (const [[type], part, at] of parts) {
    if (CHARSETS[type].test(part)) continue;
    const bad = [...part].findIndex((ch) => !CHARSETS[type].test(ch));
    fail(GS1_ERRORS.invalidCharacter, { ai, position, detail: `${type} at ${at + Math.max(bad, 0)}` });
  }
  for (const [[, , , , linters], part] of parts) {
    for (const name of linters) {
      const lint = LINTERS[name];
      if (!lint) throw new Error(`GS1 linter ${name} is not implemented`);
      const problem = lint(part);
      if (problem) fail(problem.code, { ai, position, detail: `${name}: ${problem.detail}` });
    }
  }
}
