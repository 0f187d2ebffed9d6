// Splits an unbracketed element string (GS = ASCII 29 between AIs) into AIs and values, by the
// dictionary: a `*` AI takes its predefined length, any other runs to the next GS or the end.
import { fail, GS1_ERRORS } from './errors';
import { aiAt, aiRow, predefinedLength } from './table';

export const GS = '\u001d';

export interface RawElement {
  ai: string;
  value: string;
  /** Offset of the AI in the element string. */
  position: number;
  /** A variable-length value that ran to the end of the string, not to a GS. */
  toEnd: boolean;
}

export function splitElementString(data: string): RawElement[] {
  const elements: RawElement[] = [];
  let at = 0;
  while (at < data.length) {
    if (data[at] === GS) {
      at++;
      continue;
    }
    const ai = aiAt(data, at);
    if (!ai) fail(GS1_ERRORS.unknownAi, { position: at, detail: `no AI starts ${data.slice(at, at + 4)}` });
    const row = aiRow(ai)!;
    const start = at + ai.length;
    const fixed = predefinedLength(row);
    if (fixed !== null) {
      const value = data.slice(start, start + fixed);
      if (value.length < fixed || value.includes(GS)) fail(GS1_ERRORS.valueTooShort, { ai, position: at });
      elements.push({ ai, value, position: at, toEnd: false });
      at = start + fixed;
      continue;
    }
    const gs = data.indexOf(GS, start);
    const end = gs === -1 ? data.length : gs;
    elements.push({ ai, value: data.slice(start, end), position: at, toEnd: gs === -1 });
    at = end;
  }
  return elements;
}
