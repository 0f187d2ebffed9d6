// Secrets compared and stored by several modules (client secrets, refresh tokens, code hashes).
import { createHash, timingSafeEqual } from 'node:crypto';

/** Refresh tokens and reset links are stored as SHA-256: they are long random values, a slow hash adds nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time string comparison (for client secrets and code hashes). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}
