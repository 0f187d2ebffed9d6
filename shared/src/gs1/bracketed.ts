// The human-readable form `(01)09506000134352(10)ABC`; a literal `(` in a value is written `\(`.
import { fail, GS1_ERRORS } from './errors';

export function splitBracketed(data: string): { ai: string; value: string; position: number }[] {
  const elements: { ai: string; value: string; position: number }[] = [];
  let at = 0;
  while (at < data.length) {
    const m = /^\((\d{2,4})\)/.exec(data.slice(at, at + 6));
    if (!m) fail(GS1_ERRORS.bracketedSyntax, { position: at });
    let end = at + m[0].length;
    let value = '';
    while (end < data.length && data[end] !== '(') {
      if (data[end] === '\\' && data[end + 1] === '(') end++;
      value += data[end];
      end++;
    }
    if (!value) fail(GS1_ERRORS.valueTooShort, { ai: m[1], position: at });
    elements.push({ ai: m[1]!, value, position: at });
    at = end;
  }
  return elements;
}
