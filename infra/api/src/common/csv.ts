// CSV as the portal's exports write it (the personal-data export, the hospitals' UDI export).

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets a leading `'` (OWASP).
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV (RFC 4180, CRLF line ends): a header of `columns`, then each row's values in that order. */
export function csvTable<K extends string>(columns: readonly K[], rows: readonly Record<K, unknown>[]): string {
  return [columns.join(','), ...rows.map((row) => columns.map((c) => csvField(row[c])).join(','))].map((l) => `${l}\r\n`).join('');
}
