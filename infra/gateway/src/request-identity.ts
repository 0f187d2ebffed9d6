import { randomBytes } from 'node:crypto';

/** Cookie that keeps a visitor (no account) in one canary bucket. */
export const BUCKET_COOKIE = 'portal_bucket';
/** The session's token cookie (`@portal/shared/session`, TOKENS_COOKIE_NAME). */
const TOKENS_COOKIE = 'tokens';
/** 400 days: the longest a browser keeps a cookie. */
const BUCKET_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** Who a request is, for canary bucketing only; never for access decisions. */
export interface BucketIdentity {
  /** `org:<id>`, `user:<sub>` or `visitor:<random>`: the kind keeps ids of different kinds apart. */
  id: string;
  /** A Set-Cookie value to send when the visitor id was made up for this request. */
  setCookie?: string;
}

/** Whether the request carries the session's token cookie (signed in, or a visitor's anonymous session). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return parseCookies(cookieHeader).has(TOKENS_COOKIE);
}

/** Parses a Cookie header into name → value (first one wins, as browsers send the most specific first). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name && !cookies.has(name)) cookies.set(name, part.slice(eq + 1).trim());
  }
  return cookies;
}

/**
 * The payload of the access token in the `tokens` cookie, decoded but NOT verified: bucketing only
 * picks which of two published builds a browser loads (both are public anyway), so a forged token can
 * only put its owner in or out of a canary. Not verifying also keeps a buyer in their bucket after the
 * token expires, and keeps the API's signing key out of the gateway. See docs/decisions/006.
 */
export function accessTokenClaims(tokensCookie: string | undefined): Record<string, unknown> | undefined {
  if (!tokensCookie) return undefined;
  try {
    const tokens = JSON.parse(decodeURIComponent(tokensCookie)) as { access_token?: unknown };
    if (typeof tokens.access_token !== 'string') return undefined;
    const payload = tokens.access_token.split('.')[1];
    if (!payload) return undefined;
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const nonEmpty = (value: unknown): value is string | number =>
  (typeof value === 'string' && value !== '') || typeof value === 'number';

/**
 * The bucketing identity of a request: the organisation (so every buyer of one customer sees the same
 * version), else the signed-in user, else the visitor cookie, which is made up and set when missing.
 * An anonymous session's `sub` is not used: it changes with every anonymous grant, the cookie does not.
 */
export function bucketIdentity(cookieHeader: string | undefined, secure: boolean): BucketIdentity {
  const cookies = parseCookies(cookieHeader);
  const claims = accessTokenClaims(cookies.get(TOKENS_COOKIE));
  if (claims && nonEmpty(claims.org)) return { id: `org:${claims.org}` };
  if (claims && claims.role !== 'anonymous' && nonEmpty(claims.sub)) return { id: `user:${claims.sub}` };
  const visitor = cookies.get(BUCKET_COOKIE);
  if (visitor && /^[A-Za-z0-9_-]{16,64}$/.test(visitor)) return { id: `visitor:${visitor}` };
  const fresh = randomBytes(16).toString('base64url');
  const attributes = `Path=/; Max-Age=${BUCKET_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
  return { id: `visitor:${fresh}`, setCookie: `${BUCKET_COOKIE}=${fresh}; ${attributes}` };
}
