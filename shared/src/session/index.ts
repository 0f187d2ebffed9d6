// Public entry of `@portal/shared/session`: the token set, who is signed in, and token refresh.
export { sessionStore, configureSession, SESSION_GLOBAL_KEY } from './session';
export { useSession, useAudience } from './use-session';
export { whenVisitorSessionSettled } from './when-visitor-session-settled';
export { createSessionStore, REFRESH_FAILED_MESSAGE, EXPIRY_MARGIN_MS } from './session-store';
export type { SessionState, SessionStore, SessionDependencies } from './session-store';
export { decodeAccessTokenClaims, sessionKindOf, audienceOf } from './access-token-claims';
export type { SessionKind, Audience } from './access-token-claims';
export {
  TOKENS_COOKIE_NAME,
  REFRESH_TOKEN_MAX_AGE_DAYS,
  browserCookieJar,
  readTokenCookie,
  writeTokenCookie,
  clearTokenCookie,
} from './token-cookie';
export type { CookieJar } from './token-cookie';
export { usePunchoutSession, fetchPunchoutSession, transferPunchoutCart, PUNCHOUT_COOKIE } from './punchout';
