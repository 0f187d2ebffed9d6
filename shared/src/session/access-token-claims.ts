import * as v from 'valibot';
import { AccessTokenClaimsSchema, type AccessTokenClaims } from '../schemas/oauth';
import { STAFF_ROLES } from '../schemas/roles';

/** Whether the session belongs to a visitor (anonymous grant) or a signed-in user. */
export type SessionKind = 'anonymous' | 'user';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims of a JWT access token WITHOUT verifying its signature. Only for display and
 * routing decisions in the browser; the API verifies every token it receives.
 */
export function decodeAccessTokenClaims(token: string): AccessTokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = v.safeParse(AccessTokenClaimsSchema, JSON.parse(decodeBase64Url(payload)));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The kind of session a token belongs to; an undecodable token counts as a user's (it exists). */
export function sessionKindOf(claims: AccessTokenClaims | null): SessionKind {
  if (!claims) return 'user';
  return claims.role === 'anonymous' || claims.sub.startsWith('anon:') ? 'anonymous' : 'user';
}

/**
 * Who the portal is speaking to: a visitor, provider staff (case manager, sales consultant), a
 * contract customer's user (has an organisation), or a web-shop customer (signed in, no
 * organisation: no contract range, no quotations). Pages and navigation choose their content by it;
 * the API decides what each may do.
 */
export type Audience = 'visitor' | 'staff' | 'contract' | 'webshop';

const STAFF_ROLE_NAMES: ReadonlySet<string> = new Set(STAFF_ROLES);

/** The audience of a session's claims (null: no session, a visitor). */
export function audienceOf(claims: AccessTokenClaims | null, signedIn: boolean): Audience {
  if (!signedIn) return 'visitor';
  if (claims && STAFF_ROLE_NAMES.has(claims.role)) return 'staff';
  // An undecodable token of a signed-in user: the contract pages, whose API answers decide.
  return claims && claims.org === null ? 'webshop' : 'contract';
}
