// One-time codes: six digits, stored only as a keyed hash bound to the user, and the message that
// carries a sign-in code (the token endpoint sends the first, the resend call the next ones).
import { createHmac, randomInt } from 'node:crypto';
import { mailLocale, type OutboxMessage } from '../outbox';

/** A six-digit one-time code. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are short, so they are keyed (HMAC with a server key) and bound to the user. */
export function hashCode(key: Uint8Array, userId: string, code: string): string {
  return createHmac('sha256', key).update(`${userId}:${code}`).digest('hex');
}

/** The login-code message for a channel. */
export function loginCodeMessage(user: { email: string; phone: string | null; locale: string }, channel: 'email' | 'sms', code: string, ttlSeconds: number): OutboxMessage {
  return {
    channel,
    recipient: channel === 'sms' && user.phone ? user.phone : user.email,
    template: 'auth.login-code',
    locale: mailLocale(user.locale),
    payload: { code, minutes: Math.round(ttlSeconds / 60) },
  };
}
