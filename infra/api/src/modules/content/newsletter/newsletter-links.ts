// Signed newsletter links: the address, an expiry and an HMAC, so confirming and unsubscribing need
// no stored token and a link cannot be forged for another address.
import { createHmac } from 'node:crypto';
import { safeEqual } from '../../../common/crypto';

export type LinkPurpose = 'confirm' | 'unsubscribe';

export function createNewsletterLinks(key: Uint8Array) {
  const mac = (purpose: LinkPurpose, email: string, expires: number) => createHmac('sha256', key).update(`${purpose}|${email}|${expires}`).digest('base64url');
  return {
    /** `expires` 0: never (unsubscribe links keep working). */
    sign(purpose: LinkPurpose, email: string, expires = 0): string {
      return `${Buffer.from(email).toString('base64url')}.${expires}.${mac(purpose, email, expires)}`;
    },
    /** The address a valid, unexpired link names; null otherwise. */
    verify(purpose: LinkPurpose, token: string, now = Date.now()): string | null {
      const [encoded, expiresText, signature] = token.split('.');
      if (!encoded || !expiresText || !signature || !/^\d+$/.test(expiresText)) return null;
      const email = Buffer.from(encoded, 'base64url').toString('utf8');
      const expires = Number(expiresText);
      if (!safeEqual(signature, mac(purpose, email, expires))) return null;
      if (expires !== 0 && expires < now) return null;
      return email;
    },
  };
}

export type NewsletterLinks = ReturnType<typeof createNewsletterLinks>;
