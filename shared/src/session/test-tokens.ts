// Builders of unsigned JWT-shaped tokens for the session tests.
import type { AccessTokenClaims, TokenSet } from '../schemas/oauth';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An access token whose payload holds these claims (the signature is junk: we never verify). */
export function fakeAccessToken(claims: AccessTokenClaims): string {
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** A token set for a user (or a visitor) expiring at `expiresAt`. */
export function fakeTokenSet(expiresAt: number, claims: Partial<AccessTokenClaims> = {}, refresh = 'rt-1'): TokenSet {
  return {
    access_token: fakeAccessToken({ sub: 'user-1', org: 'org-1', role: 'buyer', ...claims }),
    refresh_token: refresh,
    expires_in: 900,
    expires_at: expiresAt,
  };
}
