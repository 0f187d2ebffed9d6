// Quick-order input: one line per product, "code quantity" separated by a tab, semicolon, comma or
// spaces (what a spreadsheet pastes or exports as CSV). A header line or a line without a quantity
// is reported, not guessed.
export interface ParsedLine {
  code: string;
  quantity: number;
}
export interface ParseResult {
  lines: ParsedLine[];
  /** 1-based numbers of the lines that could not be read. */
  invalid: number[];
}

export const MAX_QUICK_ORDER_LINES = 200;

export function parseQuickOrder(text: string): ParseResult {
  const lines: ParsedLine[] = [];
  const invalid: number[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim().replace(/^"|"$/g, '');
    if (!line) return;
    const match = /^"?([A-Za-z0-9][A-Za-z0-9 ._/-]*?)"?\s*[;,\t ]\s*"?(\d{1,4})"?$/.exec(line);
    if (!match) {
      // The header of a CSV export is not an error.
      if (i === 0 && /[a-z]/i.test(line) && !/\d\s*$/.test(line)) return;
      invalid.push(i + 1);
      return;
    }
    const quantity = Number(match[2]);
    if (quantity < 1) {
      invalid.push(i + 1);
      return;
    }
    lines.push({ code: match[1]!.trim(), quantity });
  });
  return { lines: lines.slice(0, MAX_QUICK_ORDER_LINES), invalid };
}
