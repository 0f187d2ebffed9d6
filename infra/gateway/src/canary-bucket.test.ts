import { describe, expect, it } from 'vitest';
import { canaryBucket, inCanary } from './canary-bucket';

const ids = Array.from({ length: 10_000 }, (_, i) => `org:${i.toString(36)}-${(i * 7919) % 1000}`);

describe('canary bucketing', () => {
  it('is stable: the same remote and id always give the same bucket, in 0–99', () => {
    for (const id of ids.slice(0, 500)) {
      const bucket = canaryBucket('catalog', id);
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(100);
      expect(Number.isInteger(bucket)).toBe(true);
      expect(canaryBucket('catalog', id)).toBe(bucket);
    }
    // Pinned values: a change of the hash would silently move every buyer between versions.
    expect([canaryBucket('catalog', 'org:1'), canaryBucket('checkout', 'org:1'), canaryBucket('catalog', 'user:42')]).toEqual(
      PINNED,
    );
  });

  it.each([1, 5, 10, 25, 50, 90])('puts close to %i %% of 10 000 ids in the canary', (percent) => {
    const share = ids.filter((id) => inCanary('catalog', id, percent)).length / ids.length;
    // Binomial standard deviation at n = 10 000 is at most 0.5 %; allow four of them.
    expect(Math.abs(share * 100 - percent)).toBeLessThan(2);
  });

  it('puts nobody in at 0 % and everybody at 100 %', () => {
    expect(ids.some((id) => inCanary('catalog', id, 0))).toBe(false);
    expect(ids.every((id) => inCanary('catalog', id, 100))).toBe(true);
  });

  it('is monotonic: raising the percent never moves anyone out of the canary', () => {
    // 2 000 ids through every step of a ramp from 0 to 100 % (all 10 000 is 2 million hashes: slow on CI).
    for (let percent = 0; percent < 100; percent++) {
      const moved = ids.slice(0, 2000).filter((id) => inCanary('catalog', id, percent) && !inCanary('catalog', id, percent + 1));
      expect(moved).toEqual([]);
    }
    // 400 000 hashes: about 1 s on a quiet machine, over 6 s beside the other suites on two loaded cores.
  }, 60_000);

  it('draws each remote independently, so one remote’s canary users are not always another’s', () => {
    const inBoth = ids.filter((id) => inCanary('catalog', id, 10) && inCanary('checkout', id, 10)).length;
    expect(inBoth / ids.length).toBeLessThan(0.03); // about 1 % when independent, 10 % when not
  });
});

const PINNED = [53, 2, 51];
