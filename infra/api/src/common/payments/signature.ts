// HMAC-SHA256 webhook signatures: `t=<unix seconds>,v1=<hex hmac of "t.body">`. The timestamp is
// signed with the body so that an old, captured webhook cannot be replayed after the tolerance.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-payment-signature';
/** How old a signed webhook may be (seconds) before it is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function mac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signPayload(secret: string, body: string, now: Date = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${mac(secret, t, body)}`;
}

export function verifySignature(secret: string, body: string, header: string | undefined, now: Date = new Date()): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(t) || !given || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  return timingSafeEqual(Buffer.from(mac(secret, t, body), 'hex'), Buffer.from(given, 'hex'));
}
