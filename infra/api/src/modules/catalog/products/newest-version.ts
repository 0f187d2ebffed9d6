// Within one batch of an import (decision 049), the line with the highest `version` per record is
// the one sent to the database; a later line wins a tie (the sender's order is the order of its
// changes). The others are answered `unchanged`, as a replay would be. Which of the kept lines is
// written over the stored record is the SQL's (`source_version is null or source_version <
// excluded.version`, on the locked row), not this function's. The products, the contract prices and
// the stock levels all keep their lines by this one rule.

/** A checked line of a versioned record. */
export interface VersionedLine {
  lineNo: number;
  record: { version: number };
}

/** The newest line per `keyOf`, in the order each key was first seen; and the line numbers of the others. */
export function newestPerKey<L extends VersionedLine>(lines: L[], keyOf: (line: L) => string): { newest: L[]; superseded: number[] } {
  const best = new Map<string, L>();
  for (const line of lines) {
    const key = keyOf(line);
    const seen = best.get(key);
    if (!seen || seen.record.version <= line.record.version) best.set(key, line);
  }
  const newest = [...best.values()];
  const kept = new Set(newest);
  return { newest, superseded: lines.filter((l) => !kept.has(l)).map((l) => l.lineNo) };
}
