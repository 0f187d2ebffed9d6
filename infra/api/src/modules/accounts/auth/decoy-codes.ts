// Email verification must answer an address without an open code (unknown, verified or disabled)
// exactly as it answers an unverified account's: CODE_INVALID for the first wrong codes, then
// CODE_TOO_MANY_ATTEMPTS, and CODE_EXPIRED once a code would have expired. These decoys count the
// attempts such an address would have had: in memory for one instance, in Redis (shared by every
// instance, so that the answers do not depend on which one is asked) when it is configured.
import type { Redis } from 'ioredis';
import { storeCall } from '../../../common/redis';

const MAX_KEYS = 50_000;
/** How long Redis keeps an expired decoy (so that it keeps answering CODE_EXPIRED, as a real code would). */
const KEEP_AFTER_EXPIRY_MS = 30 * 86_400_000;

export type DecoyAnswer = 'CODE_INVALID' | 'CODE_TOO_MANY_ATTEMPTS' | 'CODE_EXPIRED';

export interface DecoyCodes {
  /** One wrong code for `email`: the answer an unverified account would give. */
  attempt(email: string): Promise<DecoyAnswer>;
  /** A new code was asked for (resend-code): a real account would start afresh. */
  renew(email: string): Promise<void>;
}

interface DecoyOptions {
  maxAttempts: number;
  ttlMs: number;
  now?: () => number;
  /** Shared decoys: this client and key prefix. */
  redis?: { client: Redis; prefix: string };
}

export function createDecoyCodes(opts: DecoyOptions): DecoyCodes {
  return opts.redis ? redisDecoys(opts, opts.redis) : memoryDecoys(opts);
}

function memoryDecoys(opts: DecoyOptions): DecoyCodes {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { attempts: number; expiresAt: number }>();
  return {
    async attempt(email) {
      let entry = entries.get(email);
      if (!entry) {
        // Bounded memory: the oldest address goes first.
        if (entries.size >= MAX_KEYS) entries.delete(entries.keys().next().value as string);
        entry = { attempts: 0, expiresAt: now() + opts.ttlMs };
        entries.set(email, entry);
      }
      if (entry.expiresAt <= now()) return 'CODE_EXPIRED';
      if (entry.attempts >= opts.maxAttempts) return 'CODE_TOO_MANY_ATTEMPTS';
      entry.attempts++;
      return 'CODE_INVALID';
    },
    async renew(email) {
      entries.delete(email);
    },
  };
}

// The same decision as above in one atomic step (two instances asked at once count both attempts).
// KEYS[1]: the decoy; ARGV: now, ttl, keep, max attempts.
const ATTEMPT = `
local e = redis.call('HGET', KEYS[1], 'e')
if not e then
  e = tonumber(ARGV[1]) + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'e', e, 'a', 0)
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) + tonumber(ARGV[3]))
end
if tonumber(e) <= tonumber(ARGV[1]) then return 'CODE_EXPIRED' end
if tonumber(redis.call('HGET', KEYS[1], 'a')) >= tonumber(ARGV[4]) then return 'CODE_TOO_MANY_ATTEMPTS' end
redis.call('HINCRBY', KEYS[1], 'a', 1)
return 'CODE_INVALID'`;

function redisDecoys(opts: DecoyOptions, { client, prefix }: { client: Redis; prefix: string }): DecoyCodes {
  const now = opts.now ?? Date.now;
  const key = (email: string) => `${prefix}decoy:${email}`;
  return {
    attempt: (email) =>
      storeCall(async () => (await client.eval(ATTEMPT, 1, key(email), String(now()), String(opts.ttlMs), String(KEEP_AFTER_EXPIRY_MS), String(opts.maxAttempts))) as DecoyAnswer),
    renew: (email) => storeCall(async () => void (await client.del(key(email)))),
  };
}
