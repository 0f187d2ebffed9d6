import { describe, expect, it } from 'vitest';
import { createWedgeDetector, isBurst, looksScanned, WEDGE } from './wedge-detector';

/** A detector on a clock the test moves, fed `line` one key per `gapMs`. */
function typed(line: string, gapMs: number) {
  let clock = 1000;
  const detector = createWedgeDetector(() => clock);
  for (const _ of line) {
    detector.key();
    clock += gapMs;
  }
  return detector;
}

describe('wedge scanner detection', () => {
  it('takes a fast burst ending with Enter for a scan, and a person typing the same for typing', () => {
    expect(typed('5400001000019', 4).endsScan('5400001000019')).toBe(true);
    expect(typed('5400001000019', WEDGE.maxMeanGapMs).endsScan('5400001000019')).toBe(true);
    expect(typed('5400001000019', 90).endsScan('5400001000019')).toBe(false);
    expect(typed('NW-100037 2', 120).endsScan('NW-100037 2')).toBe(false);
  });

  it('never takes a short burst for a scan: a quantity typed quickly is typing', () => {
    expect(typed('12', 5).endsScan('12')).toBe(false);
    expect(isBurst([0, 5, 10, 15, 20, 25, 30])).toBe(false);
    expect(isBurst([0, 5, 10, 15, 20, 25, 30, 35])).toBe(true);
  });

  it('takes what only a scanner sends for a scan, however slowly it came (a GS, a symbology identifier, AI 01 alone)', () => {
    expect(typed('', 0).endsScan(']d20105400001000019')).toBe(true);
    expect(typed('', 0).endsScan('010540000100001910A1\u001d17261231')).toBe(true);
    expect(typed('', 0).endsScan(']C10105400001000019')).toBe(true);
    expect(typed('0105400001000019', 200).endsScan('0105400001000019')).toBe(true);
    expect(looksScanned('NW-100037;2')).toBe(false);
    expect(looksScanned('5400001000019 3')).toBe(false);
    expect(typed('', 0).endsScan('   ')).toBe(false);
  });

  it('starts each line afresh: a slow line after a scan is typing', () => {
    let clock = 0;
    const detector = createWedgeDetector(() => clock);
    for (let i = 0; i < 13; i++) {
      detector.key();
      clock += 3;
    }
    expect(detector.endsScan('5400001000019')).toBe(true);
    for (let i = 0; i < 11; i++) {
      detector.key();
      clock += 150;
    }
    expect(detector.endsScan('NW-100037 2')).toBe(false);
    detector.key();
    detector.reset();
    expect(detector.endsScan('x')).toBe(false);
  });
});
