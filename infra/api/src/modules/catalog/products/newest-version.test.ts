// Which line of a batch is kept per record (newest-version.ts), without a database: the highest
// version, a later line on a tie, the others answered unchanged. Whether it is written over the
// stored record is the SQL's, tested on the database (modules/imports/*.import.test.ts).
import { describe, expect, it } from 'vitest';
import { newestPerKey } from './newest-version';

const line = (lineNo: number, code: string, version: number) => ({ lineNo, record: { article_code: code, version } });
const byCode = (l: ReturnType<typeof line>) => l.record.article_code;

describe('the newest line per record of a batch', () => {
  it('keeps the highest version whichever line comes first', () => {
    const lines = [line(1, 'A', 5), line(2, 'A', 7), line(3, 'A', 6)];
    expect(newestPerKey(lines, byCode)).toEqual({ newest: [lines[1]], superseded: [1, 3] });
    expect(newestPerKey([line(1, 'A', 7), line(2, 'A', 6)], byCode)).toEqual({ newest: [line(1, 'A', 7)], superseded: [2] });
  });

  it('gives a tie to the later line, down to version 0', () => {
    expect(newestPerKey([line(1, 'A', 3), line(2, 'A', 3)], byCode)).toEqual({ newest: [line(2, 'A', 3)], superseded: [1] });
    expect(newestPerKey([line(1, 'A', 0), line(2, 'A', 0)], byCode)).toEqual({ newest: [line(2, 'A', 0)], superseded: [1] });
  });

  it('judges each record on its own, in the order the records first came', () => {
    const lines = [line(1, 'B', 2), line(2, 'A', 1), line(3, 'B', 1), line(4, 'C', 9)];
    expect(newestPerKey(lines, byCode)).toEqual({ newest: [lines[0], lines[1], lines[3]], superseded: [3] });
  });

  it('keeps every line of distinct records, and nothing of an empty batch', () => {
    expect(newestPerKey([line(1, 'A', 1), line(2, 'B', 1)], byCode)).toEqual({ newest: [line(1, 'A', 1), line(2, 'B', 1)], superseded: [] });
    expect(newestPerKey([], byCode)).toEqual({ newest: [], superseded: [] });
  });
});
