// A keyboard-wedge scanner "types" the code into the focused field, far faster than a person, and
// ends with Enter (decision 075). Enter in a field that takes scans (quick order's lines, the cart's
// scan field; decision 082) ends a scan, not a line, when the line carries what only a scanner
// sends (the GS separator, a symbology identifier like `]d2`, or AI (01) with its 14 digits), or when it came in as a burst: at least WEDGE.minKeys keys at
// WEDGE.maxMeanGapMs or less apart on average. Everything else stays the person's typing.

export const WEDGE = {
  /** Shorter bursts (a person's quick "12") are never a scan: the shortest GTIN has 8 digits. */
  minKeys: 8,
  /** Scanners send a key every 1 to 15 ms; the fastest typists leave 60 ms or more between keys. */
  maxMeanGapMs: 30,
} as const;

const GS = '\u001d';
/** What a person does not type: a GS1 separator, a symbology identifier, or AI (01) and 14 digits alone. */
const SCANNER_MARKS = new RegExp(`${GS}|^\\](?:d2|C1|Q3|e0|E0|E4)|^01\\d{14}$`);

/** Whether a line's content is one only a scanner sends. */
export const looksScanned = (line: string): boolean => SCANNER_MARKS.test(line.trim());

/** Whether key times (ms, in order) are a scanner's burst. */
export function isBurst(times: readonly number[]): boolean {
  if (times.length < WEDGE.minKeys) return false;
  return (times[times.length - 1]! - times[0]!) / (times.length - 1) <= WEDGE.maxMeanGapMs;
}

/** Follows the keys of the current line of a field; `now` is the clock (performance.now in a page). */
export function createWedgeDetector(now: () => number = () => performance.now()) {
  let times: number[] = [];
  return {
    /** A character key went into the line. */
    key(): void {
      times.push(now());
    },
    /** The line starts afresh (Enter, a paste, the field emptied). */
    reset(): void {
      times = [];
    },
    /** Enter after `line`: whether a scanner sent it. The next line starts afresh either way. */
    endsScan(line: string): boolean {
      const scanned = line.trim() !== '' && (looksScanned(line) || isBurst(times));
      times = [];
      return scanned;
    },
  };
}
export type WedgeDetector = ReturnType<typeof createWedgeDetector>;
