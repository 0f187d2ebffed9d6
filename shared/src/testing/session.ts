import type { AccessTokenClaims } from '../schemas/oauth';
import { sessionStore } from '../session/session';
import { fakeTokenSet } from '../session/test-tokens';

/**
 * Signs a user in for a page test: the shared session holds a token set (in an in-memory cookie
 * jar), so `useSession` says signed in and the API client sends the Bearer token. Returns the token.
 */
export function signInForTest(claims: Partial<AccessTokenClaims> = {}): string {
  const cookies = new Map<string, string>();
  sessionStore.configure({
    cookies: { get: (k) => cookies.get(k), set: (k, v) => void cookies.set(k, v), remove: (k) => void cookies.delete(k) },
  });
  const tokens = fakeTokenSet(Date.now() + 900_000, claims);
  sessionStore.getState().setTokens(tokens);
  return tokens.access_token;
}
