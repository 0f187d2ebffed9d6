// The decision records are the only way to change the design (docs/decisions/README.md), so a reader
// must be able to follow them both ways: the index lists every record with the date and status its
// file states, and a record that amends another is named in that one's status ("amended by NNN"),
// and the other way round (issue 41: nine back-links were missing).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = join(import.meta.dirname, '../../../../docs/decisions');

/** The three-digit numbers of a list, outside parentheses: `037 (a sixth kind), 041 (the token …)` → 037, 041. */
function topLevelNumbers(text: string): string[] {
  const found: string[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && /^\d{3}(?!\d)/.test(text.slice(i)) && !/\d/.test(text[i - 1] ?? '')) {
      found.push(text.slice(i, i + 3));
      i += 2;
    }
  }
  return [...new Set(found)];
}

interface Record {
  file: string;
  status: string;
  date: string;
  amends: string[];
  amendedBy: string[];
}

const records = new Map<string, Record>(
  readdirSync(DIR)
    .filter((f) => /^\d{3}-.*\.md$/.test(f))
    .map((file) => {
      const number = file.slice(0, 3);
      // The paragraph after the title: `Status: … · Date: YYYY-MM-DD · Amends: …` (may wrap).
      const header = readFileSync(join(DIR, file), 'utf8').split('\n\n')[1]!.replace(/\n/g, ' ');
      const [, status = '', date = ''] = /^Status: (.*?) · Date: (\d{4}-\d\d-\d\d)/.exec(header) ?? [];
      const amends = topLevelNumbers(/Amends:(.*?)(?: · |$)/.exec(header)?.[1] ?? '').filter((n) => n !== number);
      const amendedBy = topLevelNumbers(/amended by ([\d ,and]+)/.exec(status)?.[1] ?? '');
      return [number, { file, status, date, amends, amendedBy }] as const;
    }),
);

describe('decision records', () => {
  it('each states its status and date', () => {
    for (const [number, r] of records) expect([number, r.status !== '', r.date !== '']).toEqual([number, true, true]);
  });

  it('the index lists every record once, in order, with the status, date and amended records its file states', () => {
    const rows = readFileSync(join(DIR, 'README.md'), 'utf8')
      .split('\n')
      .flatMap((line) => {
        const m = /^\| \[(\d{3})\]\(([^)]+)\) \| .*? \| (\d{4}-\d\d-\d\d) \| (.*?) \| (.*?) \|$/.exec(line);
        return m ? [{ number: m[1]!, file: m[2]!, date: m[3]!, status: m[4]!, amends: m[5]!.split(',').map((s) => s.trim()).filter(Boolean) }] : [];
      });
    const expected = [...records].sort(([a], [b]) => a.localeCompare(b)).map(([number, r]) => ({ number, file: r.file, date: r.date, status: r.status, amends: r.amends }));
    expect(rows).toEqual(expected);
  });

  it('a record that amends another is named in its status, and every "amended by" is backed by the later record', () => {
    const missing: string[] = [];
    for (const [number, r] of records) {
      for (const earlier of r.amends) {
        const other = records.get(earlier);
        if (other && !other.amendedBy.includes(number)) missing.push(`${earlier} does not say "amended by ${number}"`);
      }
      for (const later of r.amendedBy) {
        if (!records.get(later)?.amends.includes(number)) missing.push(`${number} says "amended by ${later}", which does not say it amends ${number}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
