import Cookies from 'js-cookie';
import * as v from 'valibot';
import { TokenSetSchema, type TokenSet } from '../schemas/oauth';

/** Name of the cookie that keeps the token set (spec section 7). */
export const TOKENS_COOKIE_NAME = 'tokens';

/**
 * How long a refresh token lives unused, in days (12 hours). The token response only says when the
 * access token expires; the cookie must outlive it until the refresh token is dead, so the API's
 * refresh-token lifetime (REFRESH_TOKEN_TTL_SECONDS) is mirrored here. It is short because the
 * cookie is readable by scripts (spec section 7): a stolen refresh token is worth at most half a day
 * unused, and rotation with reuse detection ends the sign-in once thief and owner both use it
 * (decision 016).
 */
export const REFRESH_TOKEN_MAX_AGE_DAYS = 0.5;

/** The subset of js-cookie the session uses; injectable for tests and server-side rendering. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, attributes: Cookies.CookieAttributes): unknown;
  remove(name: string, attributes: Cookies.CookieAttributes): void;
}

/** Cookie defaults of spec section 9: the whole site, SameSite lax; Secure whenever served over TLS. */
export function baseCookieAttributes(): Cookies.CookieAttributes {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return { path: '/', sameSite: 'lax', ...(secure ? { secure: true } : {}) };
}

/** Reads the token set from the cookie; a missing, garbled or outdated cookie counts as none. */
export function readTokenCookie(jar: CookieJar): TokenSet | null {
  const raw = jar.get(TOKENS_COOKIE_NAME);
  if (!raw) return null;
  try {
    const parsed = v.safeParse(TokenSetSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Writes the token set as JSON (js-cookie URI-encodes it); it expires with the refresh token. */
export function writeTokenCookie(jar: CookieJar, tokens: TokenSet, refreshMaxAgeDays: number, now: number): void {
  jar.set(TOKENS_COOKIE_NAME, JSON.stringify(tokens), {
    ...baseCookieAttributes(),
    expires: new Date(now + refreshMaxAgeDays * 86_400_000),
  });
}

/** Deletes the token cookie (same path, or the browser keeps it). */
export function clearTokenCookie(jar: CookieJar): void {
  jar.remove(TOKENS_COOKIE_NAME, baseCookieAttributes());
}

/** The browser's cookies through js-cookie. */
export const browserCookieJar: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value, attributes) => Cookies.set(name, value, attributes),
  remove: (name, attributes) => Cookies.remove(name, attributes),
};
