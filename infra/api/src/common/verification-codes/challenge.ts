// The two-factor challenge: after a correct password the token endpoint hands out a short-lived,
// signed value naming the user. It lets the verification screen ask for a new code (or switch to
// SMS) without sending the password again, and it is useless for anything else.
import { createHmac } from 'node:crypto';
import { safeEqual } from '../crypto';

export function createChallenges(key: Uint8Array, ttlSeconds: number, now: () => number = Date.now) {
  const sign = (body: string) => createHmac('sha256', key).update(`2fa-challenge:${body}`).digest('base64url');
  return {
    issue(userId: string): string {
      const body = Buffer.from(JSON.stringify({ u: userId, e: Math.floor(now() / 1000) + ttlSeconds })).toString('base64url');
      return `${body}.${sign(body)}`;
    },
    /** The user id the challenge names, or null when it is forged, malformed or expired. */
    verify(challenge: string): string | null {
      const [body, mac, extra] = challenge.split('.');
      if (!body || !mac || extra !== undefined || !safeEqual(mac, sign(body))) return null;
      try {
        const { u, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u?: unknown; e?: unknown };
        if (typeof u !== 'string' || typeof e !== 'number' || e * 1000 <= now()) return null;
        return u;
      } catch {
        return null;
      }
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;

/** `tom.visser@example.com` → `t••••••••@example.com`; `+31301234567` → `••••••••4567`. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(1, local.length - 1))}@${domain}`;
}
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\s/g, '');
  return `${'•'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}
