// Growing delays after repeated failures (wrong password, wrong code, bad reset link), per account
// and per client address. They slow down guessing without locking anyone out; the hard limits are
// the rate limits of the routes. In memory for one instance, in Redis for several (shared-stores.ts).
import { RateLimiterMemory, RateLimiterRes, type IRateLimiterOptions, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { memoryCounters, type WindowCounters } from './shared-stores';

/** Failures that cost nothing; every further one doubles the delay. */
export const FREE_FAILURES = 2;
export const MAX_FAILURE_DELAY_MS = 8_000;

/** The delay after `failures` failures with first delay `baseMs` (0, 0, base, 2·base, 4·base … capped). */
export function failureDelayMs(failures: number, baseMs: number): number {
  if (baseMs <= 0 || failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_FAILURE_DELAY_MS, baseMs * 2 ** (failures - FREE_FAILURES - 1));
}

export function createFailureDelays(opts: {
  baseMs: number;
  windowMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Where the counts live: this process by default, Redis with several instances (shared-stores.ts). */
  counters?: WindowCounters;
}) {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const counts = opts.counters ?? memoryCounters(opts.now);

  return {
    /** Counts a failure for each key (e.g. `user:<email>` and `ip:<address>`). */
    async recordFailure(...keys: string[]) {
      await Promise.all(keys.map((key) => counts.add(key, opts.windowMs)));
    },
    /** The delay the worst of these keys has earned. */
    async delayFor(...keys: string[]): Promise<number> {
      const failures = await Promise.all(keys.map((key) => counts.get(key)));
      return Math.max(0, ...failures.map((n) => failureDelayMs(n, opts.baseMs)));
    },
    /** Waits for the delay the keys have earned. */
    async wait(...keys: string[]) {
      const ms = await this.delayFor(...keys);
      if (ms > 0) await sleep(ms);
    },
    /** A success clears the account's count (not the address's). */
    async reset(key: string) {
      await counts.delete(key);
    },
  };
}

export type FailureDelays = ReturnType<typeof createFailureDelays>;

/** Waits until at least `floorMs` have passed since `startedAt`, so fast and slow paths look alike. */
export async function atLeast(startedAt: number, floorMs: number) {
  const left = startedAt + floorMs - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/**
 * The guesses the token endpoint checks (passwords and two-factor codes), after the OWASP
 * authentication guidance: per account AND client address, a small limit with growing delays; per
 * account from everywhere, a much higher ceiling. An attempt is claimed (counted, atomically) before
 * the credential is checked, so parallel guesses can never exceed a limit; it is given back when it
 * turns out not to be a wrong guess. Nothing is counted per address alone: behind one proxy every
 * user shares an address, and a guesser there must not lock out the others. Requests that never
 * reach a credential check (bad client, malformed body) are not counted at all.
 *
 * The counters are rate-limiter-flexible's; in memory (per instance) by default, and any of its
 * stores (Redis for several instances) fits through `limiter`.
 */
export interface LoginThrottleOptions {
  /** Guesses checked per account and address in the window (TOKEN_FAILURE_LIMIT). */
  pairLimit: number;
  /** Guesses checked per account from all addresses in the window (TOKEN_ACCOUNT_FAILURE_LIMIT). */
  accountLimit: number;
  windowSeconds: number;
  /** First growing delay (AUTH_FAILURE_DELAY_MS); 0 turns the delays off. */
  baseDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
  /** Builds a counter; the in-memory store by default. */
  limiter?: (opts: IRateLimiterOptions) => RateLimiterAbstract;
}

/** One claimed attempt: say how it ended. */
export interface LoginAttempt {
  /** The credential was right: the pair starts afresh and the attempt does not count. */
  succeeded(): Promise<void>;
  /** The credential was wrong: the attempt stays counted. */
  failed(): void;
}

export type LoginClaim = { allowed: true; attempt: LoginAttempt } | { allowed: false; retryAfterSeconds: number };

export function createLoginThrottle(opts: LoginThrottleOptions) {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const make = opts.limiter ?? ((o: IRateLimiterOptions) => new RateLimiterMemory(o));
  const pairs = make({ keyPrefix: 'login-pair', points: opts.pairLimit, duration: opts.windowSeconds });
  const accounts = make({ keyPrefix: 'login-account', points: opts.accountLimit, duration: opts.windowSeconds });

  const refused = (res: unknown): LoginClaim => {
    if (!(res instanceof RateLimiterRes)) throw res;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  };

  return {
    /** Claims one attempt for `account` (the normalised username) from `address` before the check. */
    async claim(account: string, address: string): Promise<LoginClaim> {
      const pairKey = `${account}|${address}`;
      let pair: RateLimiterRes;
      try {
        pair = await pairs.consume(pairKey);
      } catch (res) {
        return refused(res);
      }
      try {
        await accounts.consume(account);
      } catch (res) {
        await pairs.reward(pairKey, 1);
        return refused(res);
      }
      // Earlier wrong guesses of this pair slow this one down (the first FREE_FAILURES cost nothing).
      const delay = failureDelayMs(pair.consumedPoints - 1, opts.baseDelayMs);
      if (delay > 0) await sleep(delay);
      return {
        allowed: true,
        attempt: {
          async succeeded() {
            await pairs.delete(pairKey);
            await accounts.reward(account, 1);
          },
          failed() {},
        },
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
