// In its own file, outside oauth.ts: the shell and the auth remote bundle oauth.ts, and no page
// branches on these codes (the server does), so they stay out of the login page's JavaScript.
/**
 * Stable codes of the token endpoint's own failures (the `code` beside the RFC `error`). The sign-in
 * outcomes a screen branches on (wrong password, two-factor, ...) are AUTH_ERRORS.
 */
export const OAUTH_ERRORS = {
  INVALID_REQUEST: 'INVALID_REQUEST',
  UNSUPPORTED_GRANT_TYPE: 'UNSUPPORTED_GRANT_TYPE',
  INVALID_CLIENT: 'INVALID_CLIENT',
  /** client_credentials: a scope the client does not have, or no such scope. */
  INVALID_SCOPE: 'INVALID_SCOPE',
  REFRESH_TOKEN_INVALID: 'REFRESH_TOKEN_INVALID',
  REFRESH_TOKEN_REVOKED: 'REFRESH_TOKEN_REVOKED',
  REFRESH_TOKEN_REUSED: 'REFRESH_TOKEN_REUSED',
  REFRESH_TOKEN_EXPIRED: 'REFRESH_TOKEN_EXPIRED',
} as const;
