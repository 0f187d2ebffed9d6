// Growing delays after repeated failures (wrong password, wrong code, bad reset link), per account
// and per client address. They slow down guessing without locking anyone out; the hard limits are
// the rate limits of the routes. In memory, like the rate limits: per instance.

/** Failures that cost nothing; every further one doubles the delay. */
export const FREE_FAILURES = 2;
export const MAX_FAILURE_DELAY_MS = 8_000;
const MAX_KEYS = 50_000;

/** The delay after `failures` failures with first delay `baseMs` (0, 0, base, 2·base, 4·base … capped). */
export function failureDelayMs(failures: number, baseMs: number): number {
  if (baseMs <= 0 || failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_FAILURE_DELAY_MS, baseMs * 2 ** (failures - FREE_FAILURES - 1));
}

export function createFailureDelays(opts: { baseMs: number; windowMs: number; now?: () => number; sleep?: (ms: number) => Promise<void> }) {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const counts = new Map<string, { failures: number; resetAt: number }>();

  function current(key: string) {
    const entry = counts.get(key);
    if (entry && entry.resetAt <= now()) {
      counts.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    /** Counts a failure for each key (e.g. `user:<email>` and `ip:<address>`). */
    recordFailure(...keys: string[]) {
      for (const key of keys) {
        const entry = current(key);
        if (entry) entry.failures++;
        else {
          // Bounded memory: the oldest key goes first.
          if (counts.size >= MAX_KEYS) counts.delete(counts.keys().next().value as string);
          counts.set(key, { failures: 1, resetAt: now() + opts.windowMs });
        }
      }
    },
    /** The delay the worst of these keys has earned. */
    delayFor(...keys: string[]): number {
      return Math.max(0, ...keys.map((key) => failureDelayMs(current(key)?.failures ?? 0, opts.baseMs)));
    },
    /** Waits for the delay the keys have earned. */
    async wait(...keys: string[]) {
      const ms = this.delayFor(...keys);
      if (ms > 0) await sleep(ms);
    },
    /** A success clears the account's count (not the address's). */
    reset(key: string) {
      counts.delete(key);
    },
  };
}

export type FailureDelays = ReturnType<typeof createFailureDelays>;

/** Waits until at least `floorMs` have passed since `startedAt`, so fast and slow paths look alike. */
export async function atLeast(startedAt: number, floorMs: number) {
  const left = startedAt + floorMs - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}
