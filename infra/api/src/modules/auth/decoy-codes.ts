// Email verification must answer an address without an open code (unknown, verified or disabled)
// exactly as it answers an unverified account's: CODE_INVALID for the first wrong codes, then
// CODE_TOO_MANY_ATTEMPTS, and CODE_EXPIRED once a code would have expired. These decoys count the
// attempts such an address would have had. In memory, per instance, like the rate limits.

const MAX_KEYS = 50_000;

export type DecoyAnswer = 'CODE_INVALID' | 'CODE_TOO_MANY_ATTEMPTS' | 'CODE_EXPIRED';

export function createDecoyCodes(opts: { maxAttempts: number; ttlMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { attempts: number; expiresAt: number }>();
  return {
    /** One wrong code for `email`: the answer an unverified account would give. */
    attempt(email: string): DecoyAnswer {
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
    /** A new code was asked for (resend-code): a real account would start afresh. */
    renew(email: string) {
      entries.delete(email);
    },
  };
}

export type DecoyCodes = ReturnType<typeof createDecoyCodes>;
