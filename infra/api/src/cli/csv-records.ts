// A CSV row as an import record (the CLI): a dotted header names a nested field
// (`translations.en.name`), `bundle` is `CODE*2;CODE2*1`, numbers and booleans are converted for the
// fields that are numbers or booleans, an empty cell leaves the field out and `null` sends null.
const NUMBERS = new Set(['version', 'price_cents', 'vat_rate_bp', 'level', 'delta', 'payment_term_days']);
const BOOLEANS = new Set(['active', 'contract_only']);

function value(field: string, cell: string): unknown {
  if (cell === 'null') return null;
  if (NUMBERS.has(field)) return /^-?\d+$/.test(cell) ? Number(cell) : cell;
  if (BOOLEANS.has(field)) return cell === 'true' ? true : cell === 'false' ? false : cell;
  return cell;
}

export function csvRecord(row: Record<string, string>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [header, raw] of Object.entries(row)) {
    const cell = raw.trim();
    if (cell === '') continue;
    const path = header.trim().split('.');
    const field = path[path.length - 1]!;
    let target = record;
    for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[field] =
      header === 'bundle'
        ? cell.split(';').map((part) => {
            const [code, quantity] = part.split('*');
            return { article_code: code!.trim(), quantity: Number(quantity ?? 1) };
          })
        : value(field, cell);
  }
  return record;
}
